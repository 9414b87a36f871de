import { CODE_LIFETIME_MS, SIGN_IN_CODE_WRONG_TRIES } from '@careers/contracts/limits';
import { randomUUID } from 'node:crypto';
import { productMetrics } from '@careers/server-kit/metrics';
import type { Db } from '../../db';
import { hmacSha256, safeEqual, sixDigitCode } from '../../lib/crypto';
import { tooManyRequests } from '../../plugins/limits';
import { reserveMailSend, type SendLimits } from '../mail/mail.service';
import type { MailSite } from '../mail/mail.templates';
import {
  consumeCode,
  forgetCodesOf,
  forgetCodesByPurpose,
  findCodeByRequestForUpdate,
  findCodeForUpdate,
  findLiveCodeOfUser,
  recordWrongAttempt,
  releaseCode,
  upsertCode,
  type CodeRecord,
} from './codes.repository';

export const INVALID_CODE = 'Invalid verification code.';
export const CODE_TTL_MS = CODE_LIFETIME_MS;
export const MAX_WRONG_ATTEMPTS = 5;

/**
 * email-change goes to the new address, email-change-current to the account's current one (both are
 * needed to change it); account-deletion to the account's address before it is deleted.
 */
export type CodePurpose = 'sign-in' | 'email-change' | 'email-change-current' | 'account-deletion';

export interface CodeContext {
  pepper: string;
  now: () => number;
  sendLimits: SendLimits;
  /** The portal and contact address every e-mail's footer links to. */
  mailSite: MailSite;
}

// The e-mail and purpose are part of the MAC: a code issued for one address or purpose can never
// match another row, even if the digits are the same.
function codeHash(ctx: CodeContext, emailNormalized: string, purpose: CodePurpose, code: string): string {
  return hmacSha256(ctx.pepper, `${purpose}:${emailNormalized}:${code}`);
}

/** Reserves a send (429 past the limits), then stores a fresh code, voiding the previous one. */
export async function issueCode(
  db: Db,
  ctx: CodeContext,
  target: { emailNormalized: string; purpose: CodePurpose; userId?: string },
): Promise<{ code: string; requestId: string | null; expiresAt: Date }> {
  const now = new Date(ctx.now());
  const reserved = await reserveMailSend(db, target.emailNormalized, target.purpose, now, ctx.sendLimits);
  if (!reserved.allowed) {
    productMetrics.codesRefused().inc({ purpose: target.purpose, reason: 'address' });
    throw tooManyRequests(
      reserved.retryAfterSeconds,
      'A code was sent recently. Please wait before asking for another one.',
    );
  }
  const code = sixDigitCode();
  const requestId = target.purpose === 'email-change' ? randomUUID() : null;
  const expiresAt = new Date(now.getTime() + CODE_TTL_MS);
  await upsertCode(db, {
    emailNormalized: target.emailNormalized,
    purpose: target.purpose,
    codeHash: codeHash(ctx, target.emailNormalized, target.purpose, code),
    expiresAt,
    userId: target.userId ?? null,
    requestId,
    createdAt: now,
  });
  productMetrics.codesSent().inc({ purpose: target.purpose });
  return { code, requestId, expiresAt };
}

async function check(
  db: Db,
  ctx: CodeContext,
  row: CodeRecord | undefined,
  purpose: CodePurpose,
  code: string,
): Promise<CodeRecord | undefined> {
  if (!row || row.consumedAt) return undefined;
  // A code dies after its wrong tries, even if the right code follows. For a sign-in code anyone may
  // try, this (with SIGN_IN_CODES_PER_DAY) bounds the guesses one account can take a day, whatever the
  // number of clients; the owner whose code was killed asks for a new one (docs/decisions/0240).
  const tries = purpose === 'sign-in' ? SIGN_IN_CODE_WRONG_TRIES : MAX_WRONG_ATTEMPTS;
  if (row.attempts >= tries) return undefined;
  if (row.expiresAt.getTime() <= ctx.now()) return undefined;
  const given = code.trim();
  if (!/^\d{6}$/.test(given) || !safeEqual(codeHash(ctx, row.emailNormalized, purpose, given), row.codeHash)) {
    await recordWrongAttempt(db, row.emailNormalized, row.purpose);
    return undefined;
  }
  await consumeCode(db, row.emailNormalized, row.purpose, new Date(ctx.now()));
  return row;
}

/** True when code is the live code of (email, purpose); uses it up. Wrong tries are counted. */
export async function verifyCode(
  db: Db,
  ctx: CodeContext,
  emailNormalized: string,
  purpose: CodePurpose,
  code: string,
): Promise<boolean> {
  return (await check(db, ctx, await findCodeForUpdate(db, emailNormalized, purpose), purpose, code)) !== undefined;
}

/** The e-mail change request of userId named by requestId, if code is its live code. */
export async function verifyRequestCode(
  db: Db,
  ctx: CodeContext,
  requestId: string,
  userId: string,
  code: string,
): Promise<CodeRecord | undefined> {
  const row = await findCodeByRequestForUpdate(db, requestId, 'email-change');
  // Only the account that started the change may finish it.
  if (!row || row.userId !== userId) return undefined;
  return check(db, ctx, row, 'email-change', code);
}

export type EmailChangeCheck = { ok: true; newEmailNormalized: string } | { ok: false; failed: 'new' | 'current' };

/**
 * Both codes of an e-mail change: the new address's (named by requestId) and the current address's.
 * The new one is checked first and given back if the current one fails, so one mistyped code never
 * uses up the other; wrong tries are counted for whichever was wrong.
 */
export async function verifyEmailChangeCodes(
  db: Db,
  ctx: CodeContext,
  change: { requestId: string; userId: string; currentEmailNormalized: string; otp: string; currentEmailOtp: string },
): Promise<EmailChangeCheck> {
  const requested = await verifyRequestCode(db, ctx, change.requestId, change.userId, change.otp);
  if (!requested) return { ok: false, failed: 'new' };
  const currentRow = await findCodeForUpdate(db, change.currentEmailNormalized, 'email-change-current');
  const current =
    currentRow?.userId === change.userId
      ? await check(db, ctx, currentRow, 'email-change-current', change.currentEmailOtp)
      : undefined;
  if (!current) {
    await releaseCode(db, requested.emailNormalized, 'email-change');
    return { ok: false, failed: 'current' };
  }
  return { ok: true, newEmailNormalized: requested.emailNormalized };
}

/** Every code sent to the address, whatever its purpose (the account is deleted or leaves the address). */
export { forgetCodesOf };

/** The user's codes of the given purposes, whatever address they went to. */
export { forgetCodesByPurpose };

/** The user's e-mail change code that can still confirm the change: the address it went to, its request id and expiry. */
export async function liveEmailChangeCode(
  db: Db,
  ctx: Pick<CodeContext, 'now'>,
  userId: string,
): Promise<{ emailNormalized: string; requestId: string; expiresAt: Date } | undefined> {
  const row = await findLiveCodeOfUser(db, userId, 'email-change', new Date(ctx.now()), MAX_WRONG_ATTEMPTS);
  if (!row?.requestId) return undefined;
  return { emailNormalized: row.emailNormalized, requestId: row.requestId, expiresAt: row.expiresAt };
}
