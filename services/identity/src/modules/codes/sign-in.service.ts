import type { AuthResponse } from '@careers/contracts/identity';
import type { Db } from '../../db';
import { normalizeEmail } from '../../lib/email';
import { proveAddress } from '../accounts/accounts.service';
import { queueMail } from '../mail/mail.service';
import { signInCodeMail } from '../mail/mail.templates';
import { issueSession, loginResult, type TokenContext } from '../tokens/tokens.service';
import { findUserByEmail } from '../users/users.service';
import { issueCode, verifyCode, type CodeContext } from './codes.service';

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
): Promise<boolean> {
  const user = await findUserByEmail(db, email);
  if (!user) return false;
  await beforeSending(user.email);
  await db.transaction().execute(async (trx) => {
    const { code, expiresAt } = await issueCode(trx, ctx, {
      emailNormalized: normalizeEmail(user.email),
      purpose: 'sign-in',
    });
    await queueMail(trx, signInCodeMail(user.email, code), new Date(ctx.now()), { expiresAt, userId: user.id });
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
