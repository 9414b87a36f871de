import type { IdentityResult } from '@careers/contracts/errors';
import type { Db } from '../../db';
import { randomToken, sha256 } from '../../lib/crypto';
import { normalizeEmail } from '../../lib/email';
import type { AccountContext } from '../accounts/accounts.service';
import { deleteCodesOfUserByPurpose } from '../codes/codes.repository';
import { issueCode, verifyEmailChangeCodes } from '../codes/codes.service';
import { enqueueMail } from '../mail/mail.repository';
import { emailChangeCodeMail, emailChangeCurrentCodeMail, emailChangedNoticeMail } from '../mail/mail.templates';
import { revokeAllForUser, revokeOtherFamilies } from '../tokens/tokens.repository';
import { deleteLaterUndoLinks, findUndoLinkForUpdate, insertUndoLink, markUndoLinkUsed } from './email-change.repository';
import { changeEmail, findUserById, type UserRecord } from './users.repository';

export const UNDO_EMAIL_CHANGE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const CURRENT_CODE_REQUIRED = 'Please enter the verification code sent to your current email address.';
export const INVALID_CURRENT_CODE = 'The verification code sent to your current email address is not valid.';
const UNDO_INVALID = 'This link is not valid.';

const EMAIL_CHANGE_PURPOSES = ['email-change', 'email-change-current'];

/**
 * A code to the new address (it must be theirs) and one to the current address (a stolen access token
 * alone cannot move the account away). A new request voids the user's earlier ones, so one pair of codes
 * is live at a time. Throws 429 (and rolls back) when either address had too many codes.
 */
export async function startEmailChange(db: Db, ctx: AccountContext, user: UserRecord, newEmail: string): Promise<string> {
  const now = new Date(ctx.now());
  await deleteCodesOfUserByPurpose(db, user.id, EMAIL_CHANGE_PURPOSES);
  const toNew = await issueCode(db, ctx, { emailNormalized: normalizeEmail(newEmail), purpose: 'email-change', userId: user.id });
  await enqueueMail(db, emailChangeCodeMail(newEmail.trim(), toNew.code), now, { expiresAt: toNew.expiresAt, userId: user.id });
  const toCurrent = await issueCode(db, ctx, { emailNormalized: normalizeEmail(user.email), purpose: 'email-change-current', userId: user.id });
  await enqueueMail(db, emailChangeCurrentCodeMail(user.email, toCurrent.code, newEmail.trim()), now, { expiresAt: toCurrent.expiresAt, userId: user.id });
  if (!toNew.requestId) throw new Error('an e-mail change code carries a request id');
  return toNew.requestId;
}

export type EmailChangeOutcome = { ok: true; emailAddress: string } | { ok: false; error: string };

/**
 * Checks both codes, moves the account to the new address, tells the old one (with a week's undo link)
 * and ends every other session: whoever else was signed in learns nothing of the new address.
 * Never throws on a wrong code: the caller's transaction must commit so that wrong tries are counted.
 */
export async function confirmEmailChange(
  db: Db,
  ctx: AccountContext,
  change: { userId: string; sessionId: string | undefined; requestId: string; otp: string; currentEmailOtp: string },
  errors: { invalidCode: string; emailInUse: string; accountGone: string },
): Promise<EmailChangeOutcome> {
  const now = new Date(ctx.now());
  const user = await findUserById(db, change.userId);
  if (!user) return { ok: false, error: errors.accountGone };
  const checked = await verifyEmailChangeCodes(db, ctx, {
    requestId: change.requestId,
    userId: user.id,
    currentEmailNormalized: normalizeEmail(user.email),
    otp: change.otp,
    currentEmailOtp: change.currentEmailOtp,
  });
  if (!checked.ok) return { ok: false, error: checked.failed === 'new' ? errors.invalidCode : INVALID_CURRENT_CODE };
  if (!(await changeEmail(db, user.id, checked.newEmailNormalized, now))) return { ok: false, error: errors.emailInUse };
  await deleteCodesOfUserByPurpose(db, user.id, EMAIL_CHANGE_PURPOSES);
  const token = randomToken();
  const undoExpiresAt = new Date(now.getTime() + UNDO_EMAIL_CHANGE_TTL_MS);
  await insertUndoLink(db, {
    userId: user.id,
    oldEmail: user.email,
    newEmail: checked.newEmailNormalized,
    tokenHash: sha256(token),
    expiresAt: undoExpiresAt,
    createdAt: now,
  });
  const undoUrl = `${ctx.portalUrl}/account/undo-email-change/${token}`;
  await enqueueMail(db, emailChangedNoticeMail(user.email, checked.newEmailNormalized, undoUrl), now, { expiresAt: undoExpiresAt, userId: user.id });
  await revokeOtherFamilies(db, user.id, change.sessionId, now);
  return { ok: true, emailAddress: checked.newEmailNormalized };
}

/**
 * The old address takes the account back: the address is restored (the link proves that mailbox), every
 * session ends, pending changes die, and the links of any later change go too, so that whoever made it
 * cannot redo it with the link their own address received. Earlier links stay usable: the oldest address
 * of the week always wins.
 */
export async function undoEmailChange(db: Db, ctx: AccountContext, token: string, emailInUse: string): Promise<IdentityResult> {
  const now = new Date(ctx.now());
  const link = await findUndoLinkForUpdate(db, sha256(token));
  if (!link) return { succeeded: false, errors: [UNDO_INVALID] };
  if (link.usedAt) return { succeeded: false, errors: ['This link has already been used.'] };
  if (link.expiresAt.getTime() <= now.getTime()) return { succeeded: false, errors: ['This link has expired.'] };
  if (!(await changeEmail(db, link.userId, link.oldEmail, now))) return { succeeded: false, errors: [emailInUse] };
  await markUndoLinkUsed(db, link.id, now);
  await deleteLaterUndoLinks(db, link.userId, link.createdAt);
  await deleteCodesOfUserByPurpose(db, link.userId, EMAIL_CHANGE_PURPOSES);
  await revokeAllForUser(db, link.userId, now);
  return { succeeded: true, errors: [] };
}
