// The ALTCHA bot check, shared by the identity service (sign-up, codes, login) and the candidate
// service (CV autofill, docs/decisions/0175); each issues and verifies its own challenges.
// The v1 challenge format ({algorithm, challenge, salt, signature, maxnumber}) is what the contracts and
// the portal's solver speak; altcha-lib 2.x still ships it under altcha-lib/v1.
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import type { BotCheckChallenge } from '@careers/contracts/identity';
import type { RateLimitStore } from './rate-limit';

export const BOT_CHECK_FAILED = 'Bot check failed. Please try again.';

export interface BotCheckContext {
  secret: string;
  maxNumber: number;
  expiresSeconds: number;
  action: string;
  store: RateLimitStore;
  now: () => number;
}

export async function createBotChallenge(ctx: BotCheckContext): Promise<BotCheckChallenge> {
  const challenge = await createChallenge({
    hmacKey: ctx.secret,
    maxnumber: ctx.maxNumber,
    expires: new Date(ctx.now() + ctx.expiresSeconds * 1000),
    // Signed into the salt: a challenge issued for another action cannot be used here.
    params: { action: ctx.action },
  });
  return {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    salt: challenge.salt,
    signature: challenge.signature,
    maxnumber: ctx.maxNumber,
  };
}

function decodePayload(
  token: string,
): { algorithm: 'SHA-256'; challenge: string; number: number; salt: string; signature: string } | undefined {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const p = parsed as Record<string, unknown>;
    if (
      p.algorithm !== 'SHA-256' ||
      typeof p.challenge !== 'string' ||
      typeof p.salt !== 'string' ||
      typeof p.signature !== 'string'
    )
      return undefined;
    if (typeof p.number !== 'number' || !Number.isInteger(p.number)) return undefined;
    return { algorithm: 'SHA-256', challenge: p.challenge, number: p.number, salt: p.salt, signature: p.signature };
  } catch {
    return undefined;
  }
}

/** True once per solved challenge: signature, solution, action and expiry checked, then marked used. */
export async function verifyBotToken(ctx: BotCheckContext, token: string | undefined): Promise<boolean> {
  if (!token || token.length > 8192) return false;
  const payload = decodePayload(token);
  if (!payload) return false;
  const params = extractParams(payload);
  const expires = Number(params.expires) * 1000;
  if (params.action !== ctx.action || !Number.isFinite(expires)) return false;
  const remainingMs = expires - ctx.now();
  if (remainingMs <= 0) return false;
  // Expiry is checked above against the service clock (tests move it), not inside altcha-lib.
  if (!(await verifySolution(payload, ctx.secret, false))) return false;
  // Kept until the challenge expires: after that the expiry check refuses it anyway.
  return ctx.store.markOnce(`altcha:${payload.signature}`, Math.ceil(remainingMs / 1000));
}
