// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createHash, createHmac } from 'node:crypto';
import { solveChallenge } from './bot-check-solver';

/** Builds a challenge the way altcha-lib v1's createChallenge does. */
function makeChallenge(number: number, maxnumber = 5000) {
  const salt = 'c0ffee1234?expires=9999999999&';
  const challenge = createHash('sha256').update(`${salt}${number}`).digest('hex');
  const signature = createHmac('sha256', 'test-key').update(challenge).digest('hex');
  return { algorithm: 'SHA-256', challenge, salt, signature, maxnumber };
}

describe('bot-check solver', () => {
  it('finds the number and returns the base64 JSON payload verifySolution reads', async () => {
    const challenge = makeChallenge(3217);
    const token = await solveChallenge(challenge);
    const payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
    expect(payload).toMatchObject({
      algorithm: 'SHA-256',
      challenge: challenge.challenge,
      number: 3217,
      salt: challenge.salt,
      signature: challenge.signature,
    });
    expect(createHash('sha256').update(`${payload.salt}${payload.number}`).digest('hex')).toBe(challenge.challenge);
  });

  it('gives up past maxnumber', async () => {
    await expect(solveChallenge(makeChallenge(900, 500))).rejects.toThrow('could not be completed');
  });
});
