/**
 * The bot check solved in Node, as the portal's invisible ALTCHA widget solves it in the browser: fetch a
 * challenge from the identity service, find the number, answer the base64 JSON payload the widget sends
 * as `token`.
 */
import { solveChallenge } from 'altcha-lib/v1';
import type { BotCheckChallenge } from '@careers/contracts/identity';
import { callApi, expectOk, type Fetch } from './http';

/** The payload for one challenge (each payload is good once). */
export async function solveBotCheck(
  challenge: Pick<BotCheckChallenge, 'algorithm' | 'challenge' | 'salt' | 'signature' | 'maxnumber'>,
): Promise<string> {
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
    .promise;
  if (!solution) throw new Error('could not solve the bot-check challenge');
  const payload = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number: solution.number,
    salt: challenge.salt,
    signature: challenge.signature,
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

/** A fresh challenge from `identityUrl` (GET /api/bot-check/challenge), solved. */
export async function botCheckToken(identityUrl: string, fetchImpl?: Fetch): Promise<string> {
  const challenge = expectOk(
    'bot-check challenge',
    await callApi<BotCheckChallenge>(`${identityUrl}/api/bot-check/challenge`, {}, fetchImpl),
  );
  return solveBotCheck(challenge);
}
