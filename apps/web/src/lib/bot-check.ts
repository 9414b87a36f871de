import type { HttpInstance } from './request';
import { identityContracts } from './schemas';

/**
 * The invisible bot check (product.md §7, design.md §3): fetch an ALTCHA challenge from the identity service,
 * solve its proof of work in the browser, and return the base64 payload sent as `token`. The solver is
 * loaded only when a form is submitted.
 */
export async function getBotCheckToken(identity: HttpInstance, signal?: AbortSignal): Promise<string> {
  const contracts = identityContracts();
  const { data } = await identity.get<unknown>('/api/bot-check/challenge', { signal });
  const challenge = (await contracts).botCheckChallengeSchema.parse(data);
  const { solveChallenge } = await import('./bot-check-solver');
  return solveChallenge(challenge, signal);
}
