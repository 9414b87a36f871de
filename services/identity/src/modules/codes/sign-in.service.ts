import type { AuthResponse } from '@careers/contracts/identity';
import { SIGN_IN_CODES_PER_DAY } from '@careers/contracts/limits';
import type { Db } from '../../db';
import { normalizeEmail } from '../../lib/email';
import { proveAddress } from '../accounts/accounts.service';
import { tooManyRequests } from '../../plugins/limits';
import { mailQueuedSince, queueMail } from '../mail/mail.service';
import { signInCodeMail, type CodeJob } from '../mail/mail.templates';
import { issueSession, loginResult, type TokenContext } from '../tokens/tokens.service';
import { findUserByEmail } from '../users/users.service';
import { issueCode, verifyCode, type CodeContext } from './codes.service';

const DAY_MS = 24 * 60 * 60 * 1000;
export const TOO_MANY_CODES_TODAY = 'Too many sign-in codes were sent to this address today. Please try again later.';

/**
 * POST /api/account/send-verification-code: a sign-in code to the account's address. False when no
 * account has the address. beforeSending runs once the account is known, before the per-address send
 * limits, so that a refused flood does not spend the owner's sends; 429 (thrown) past either.
 */
export async function sendSignInCode(
  db: Db,
  ctx: CodeContext,
  email: string,
  beforeSending: (address: string) => Promise<void>,
  /** The job the code finishes the application to, when the apply page names one (looked up once the account is known). */
  job: () => Promise<CodeJob | null> = async () => null,
): Promise<boolean> {
  const user = await findUserByEmail(db, email);
  if (!user) return false;
  await beforeSending(user.email);
  const finishes = await job();
  await db.transaction().execute(async (trx) => {
    const { code, expiresAt } = await issueCode(trx, ctx, {
      emailNormalized: normalizeEmail(user.email),
      purpose: 'sign-in',
    });
    // At most SIGN_IN_CODES_PER_DAY in any 24 hours (docs/decisions/0240). The send counter's row, locked
    // by issueCode, makes concurrent sends to the address wait here; a refusal rolls the send back.
    const now = ctx.now();
    const sent = await mailQueuedSince(trx, user.id, 'sign-in-code', new Date(now - DAY_MS));
    const oldest = sent[sent.length - SIGN_IN_CODES_PER_DAY];
    if (oldest) throw tooManyRequests(Math.ceil((oldest.getTime() + DAY_MS - now) / 1000), TOO_MANY_CODES_TODAY);
    await queueMail(trx, signInCodeMail(user.email, code, ctx.mailSite, finishes), new Date(ctx.now()), {
      expiresAt,
      userId: user.id,
    });
  });
  return true;
}

/**
 * POST /api/account/verify-code: the session of the account the code was sent to, or undefined when the
 * code is wrong (or the account is gone). Wrong tries must be counted, so the transaction commits on
 * failure too: nothing inside throws on a wrong code.
 */
export function signInWithCode(
  db: Db,
  ctx: CodeContext,
  tokens: TokenContext,
  email: string,
  code: string,
): Promise<AuthResponse | undefined> {
  return db.transaction().execute(async (trx) => {
    if (!(await verifyCode(trx, ctx, normalizeEmail(email), 'sign-in', code))) return undefined;
    const found = await findUserByEmail(trx, email);
    if (!found) return undefined;
    // The code proves the mailbox, as the confirmation link would; the session below is issued after
    // the first proof ended the earlier ones, so it is the only one left.
    const user = await proveAddress(trx, found, new Date(ctx.now()));
    return loginResult(user, await issueSession(trx, tokens, user), 'Logged in.');
  });
}
