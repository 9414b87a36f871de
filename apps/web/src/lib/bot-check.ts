import type { HttpInstance } from './request';
import type { BotCheckChallenge } from '@careers/contracts/identity';

/**
 * The invisible bot check (product.md §7, design.md §3): fetch an ALTCHA challenge from the identity service,
 * solve its proof of work in the browser, and return the base64 payload sent as `token`. The solver is
 * loaded only when a form is submitted.
 */
export async function getBotCheckToken(identity: HttpInstance, signal?: AbortSignal): Promise<string> {
  const { data: challenge } = await identity.get<BotCheckChallenge>('/api/bot-check/challenge', { signal });
  const { solveChallenge } = await import('./bot-check-solver');
  return solveChallenge(challenge, signal);
}
