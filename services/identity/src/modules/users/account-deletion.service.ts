import type { Db } from '../../db';
import { normalizeEmail } from '../../lib/email';
import type { CodeContext } from '../codes/codes.service';
import { issueCode, verifyCode } from '../codes/codes.service';
import { enqueueMail } from '../mail/mail.repository';
import { accountDeletionCodeMail } from '../mail/mail.templates';
import type { UserRecord } from './users.repository';

export const DELETION_CODE_REQUIRED =
  'Please enter the verification code sent to your email address to delete your account.';

/** A fresh code to the account's own address: a stolen access token alone cannot delete the account. */
export async function startAccountDeletion(db: Db, ctx: CodeContext, user: UserRecord): Promise<void> {
  const { code, expiresAt } = await issueCode(db, ctx, {
    emailNormalized: normalizeEmail(user.email),
    purpose: 'account-deletion',
    userId: user.id,
  });
  await enqueueMail(db, accountDeletionCodeMail(user.email, code), new Date(ctx.now()), { expiresAt, userId: user.id });
}

/** Uses the code up when it is right; a wrong try is counted (the caller's transaction must commit). */
export async function verifyDeletionCode(db: Db, ctx: CodeContext, user: UserRecord, code: string): Promise<boolean> {
  return verifyCode(db, ctx, normalizeEmail(user.email), 'account-deletion', code);
}
