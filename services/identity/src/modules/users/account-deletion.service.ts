import { Role } from '@careers/contracts/enum-values';
import type { Db } from '../../db';
import { normalizeEmail } from '../../lib/email';
import { recordAccountEvent } from '../account-events/account-events.service';
import type { CodeContext } from '../codes/codes.service';
import { forgetCodesOf, INVALID_CODE, issueCode, verifyCode } from '../codes/codes.service';
import { queueMail } from '../mail/mail.service';
import { accountDeletedMail, accountDeletionCodeMail } from '../mail/mail.templates';
import { deleteUser, findUserById, type UserRecord } from './users.repository';
import { ACCOUNT_GONE } from './users.service';

/** How long the outbox keeps trying to send the deletion receipt. */
const RECEIPT_LIFETIME_MS = 24 * 60 * 60 * 1000;

export const DELETION_CODE_REQUIRED =
  'Please enter the verification code sent to your email address to delete your account.';

/** A fresh code to the account's own address: a stolen access token alone cannot delete the account. */
export async function startAccountDeletion(db: Db, ctx: CodeContext, user: UserRecord): Promise<void> {
  const { code, expiresAt } = await issueCode(db, ctx, {
    emailNormalized: normalizeEmail(user.email),
    purpose: 'account-deletion',
    userId: user.id,
  });
  await queueMail(db, accountDeletionCodeMail(user.email, code, ctx.mailSite), new Date(ctx.now()), {
    expiresAt,
    userId: user.id,
  });
}

/** Uses the code up when it is right; a wrong try is counted (the caller's transaction must commit). */
export async function verifyDeletionCode(db: Db, ctx: CodeContext, user: UserRecord, code: string): Promise<boolean> {
  return verifyCode(db, ctx, normalizeEmail(user.email), 'account-deletion', code);
}

/** PUT /api/user/delete-initialise: false when the account no longer exists; 429 past the send limits. */
export async function beginAccountDeletion(db: Db, ctx: CodeContext, userId: string): Promise<boolean> {
  const user = await findUserById(db, userId);
  if (!user) return false;
  await db.transaction().execute((trx) => startAccountDeletion(trx, ctx, user));
  return true;
}

/**
 * DELETE /api/user: deletes the account with the code from beginAccountDeletion; answers why not, or
 * undefined when it is gone. A wrong code must be counted, so the transaction commits on failure too:
 * nothing inside throws.
 */
export async function deleteAccount(
  db: Db,
  ctx: CodeContext,
  userId: string,
  code: string | null | undefined,
): Promise<string | undefined> {
  if (!code) return DELETION_CODE_REQUIRED;
  return db.transaction().execute(async (trx) => {
    const user = await findUserById(trx, userId);
    if (!user) return ACCOUNT_GONE;
    if (!(await verifyDeletionCode(trx, ctx, user, code))) return INVALID_CODE;
    await forgetCodesOf(trx, normalizeEmail(user.email));
    const now = new Date(ctx.now());
    // The candidate service learns of it from this notice, committed with the deletion or not at all.
    await recordAccountEvent(trx, user.id, 'account_deleted', now);
    // The receipt, in the same transaction: belonging to no account, it outlives the row (decision 0360).
    await queueMail(
      trx,
      accountDeletedMail(user.email, { at: now, candidate: user.roles.includes(Role.Candidate) }, ctx.mailSite),
      now,
      {
        expiresAt: new Date(now.getTime() + RECEIPT_LIFETIME_MS),
        userId: null,
      },
    );
    // Refresh tokens, links and e-mail change requests go with the row (on delete cascade).
    return (await deleteUser(trx, user.id)) ? undefined : ACCOUNT_GONE;
  });
}
