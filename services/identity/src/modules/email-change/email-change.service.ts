import type { IdentityResult } from '@careers/contracts/errors';
import type { PendingEmailChange } from '@careers/contracts/identity';
import type { Db } from '../../db';
import { randomToken, sha256 } from '../../lib/crypto';
import { isUuid, normalizeEmail } from '../../lib/email';
import { EMAIL_IN_USE, type AccountContext } from '../accounts/accounts.service';
import { recordAccountEvent } from '../account-events/account-events.service';
import {
  forgetCodesByPurpose,
  INVALID_CODE,
  issueCode,
  liveEmailChangeCode,
  verifyEmailChangeCodes,
  type CodePurpose,
} from '../codes/codes.service';
import { queueMail } from '../mail/mail.service';
import { emailChangeCodeMail, emailChangeCurrentCodeMail, emailChangedNoticeMail } from '../mail/mail.templates';
import { endAllSessions, endOtherSessions } from '../tokens/tokens.service';
import { ACCOUNT_GONE, changeEmail, findUserByEmail, findUserById, type UserRecord } from '../users/users.service';
import {
  deleteLaterUndoLinks,
  findUndoLinkForUpdate,
  insertUndoLink,
  isAddressHeldForUndo,
  markUndoLinkUsed,
} from './email-change.repository';

export const UNDO_EMAIL_CHANGE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const CURRENT_CODE_REQUIRED = 'Please enter the verification code sent to your current email address.';
export const INVALID_CURRENT_CODE = 'The verification code sent to your current email address is not valid.';
const UNDO_INVALID = 'This link is not valid.';

const EMAIL_CHANGE_PURPOSES: CodePurpose[] = ['email-change', 'email-change-current'];
export const SAME_ADDRESS = 'This is already your e-mail address.';

/**
 * Whether a live undo link of another account holds this address: taking it (by registering or by an
 * e-mail change) would leave the owner's undo link with nowhere to go back to (decision 0017).
 */
export { isAddressHeldForUndo };

export type EmailChangeRequest = { ok: true; requestId: string } | { ok: false; error: string };

/**
 * PUT /api/user/email-update-initialise: checks the new address (not the current one, not another
 * account's, not held for an undo link), then sends the two codes in one transaction.
 */
export async function requestEmailChange(
  db: Db,
  ctx: AccountContext,
  userId: string,
  newEmail: string,
): Promise<EmailChangeRequest> {
  const user = await findUserById(db, userId);
  if (!user) return { ok: false, error: ACCOUNT_GONE };
  if (normalizeEmail(user.email) === normalizeEmail(newEmail)) return { ok: false, error: SAME_ADDRESS };
  if ((await findUserByEmail(db, newEmail)) || (await isAddressHeldForUndo(db, newEmail, new Date(ctx.now()), user.id)))
    return { ok: false, error: EMAIL_IN_USE };
  const requestId = await db.transaction().execute((trx) => startEmailChange(trx, ctx, user, newEmail));
  return { ok: true, requestId };
}

/**
 * A code to the new address (it must be theirs) and one to the current address (a stolen access token
 * alone cannot move the account away). A new request voids the user's earlier ones, so one pair of codes
 * is live at a time. Throws 429 (and rolls back) when either address had too many codes.
 */
export async function startEmailChange(
  db: Db,
  ctx: AccountContext,
  user: UserRecord,
  newEmail: string,
): Promise<string> {
  const now = new Date(ctx.now());
  await forgetCodesByPurpose(db, user.id, EMAIL_CHANGE_PURPOSES);
  const toNew = await issueCode(db, ctx, {
    emailNormalized: normalizeEmail(newEmail),
    purpose: 'email-change',
    userId: user.id,
  });
  await queueMail(db, emailChangeCodeMail(newEmail.trim(), toNew.code, ctx.mailSite), now, {
    expiresAt: toNew.expiresAt,
    userId: user.id,
  });
  const toCurrent = await issueCode(db, ctx, {
    emailNormalized: normalizeEmail(user.email),
    purpose: 'email-change-current',
    userId: user.id,
  });
  await queueMail(db, emailChangeCurrentCodeMail(user.email, toCurrent.code, newEmail.trim(), ctx.mailSite), now, {
    expiresAt: toCurrent.expiresAt,
    userId: user.id,
  });
  if (!toNew.requestId) throw new Error('an e-mail change code carries a request id');
  return toNew.requestId;
}

/**
 * GET /api/user/email-update: the change the user started and can still confirm (decision 0361), so that
 * the account page shows its code fields again after a reload. It ends with the code sent to the new
 * address: confirmed, expired, out of tries, replaced by a new request, or voided by an undo.
 */
export async function pendingEmailChange(
  db: Db,
  ctx: AccountContext,
  userId: string,
): Promise<PendingEmailChange['pending']> {
  const live = await liveEmailChangeCode(db, ctx, userId);
  if (!live) return null;
  return { requestId: live.requestId, newEmailAddress: live.emailNormalized, expiresAt: live.expiresAt.toISOString() };
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
): Promise<EmailChangeOutcome> {
  const now = new Date(ctx.now());
  const user = await findUserById(db, change.userId);
  if (!user) return { ok: false, error: ACCOUNT_GONE };
  const checked = await verifyEmailChangeCodes(db, ctx, {
    requestId: change.requestId,
    userId: user.id,
    currentEmailNormalized: normalizeEmail(user.email),
    otp: change.otp,
    currentEmailOtp: change.currentEmailOtp,
  });
  if (!checked.ok) return { ok: false, error: checked.failed === 'new' ? INVALID_CODE : INVALID_CURRENT_CODE };
  if (!(await changeEmail(db, user.id, checked.newEmailNormalized, now))) return { ok: false, error: EMAIL_IN_USE };
  await forgetCodesByPurpose(db, user.id, EMAIL_CHANGE_PURPOSES);
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
  await queueMail(db, emailChangedNoticeMail(user.email, checked.newEmailNormalized, undoUrl, ctx.mailSite), now, {
    expiresAt: undoExpiresAt,
    userId: user.id,
  });
  await endOtherSessions(db, user.id, change.sessionId, now);
  // The candidate service keeps its own copy of the address (status e-mails, what employers see).
  await recordAccountEvent(db, user.id, 'email_changed', now);
  return { ok: true, emailAddress: checked.newEmailNormalized };
}

/**
 * The old address takes the account back: the address is restored (the link proves that mailbox), every
 * session ends, pending changes die, and the links of any later change go too, so that whoever made it
 * cannot redo it with the link their own address received. Earlier links stay usable: the oldest address
 * of the week always wins.
 */
export async function undoEmailChange(db: Db, ctx: AccountContext, token: string): Promise<IdentityResult> {
  const now = new Date(ctx.now());
  const link = await findUndoLinkForUpdate(db, sha256(token));
  if (!link) return { succeeded: false, errors: [UNDO_INVALID] };
  if (link.usedAt) return { succeeded: false, errors: ['This link has already been used.'] };
  if (link.expiresAt.getTime() <= now.getTime()) return { succeeded: false, errors: ['This link has expired.'] };
  if (!(await changeEmail(db, link.userId, link.oldEmail, now))) return { succeeded: false, errors: [EMAIL_IN_USE] };
  await markUndoLinkUsed(db, link.id, now);
  await deleteLaterUndoLinks(db, link.userId, link.createdAt);
  await forgetCodesByPurpose(db, link.userId, EMAIL_CHANGE_PURPOSES);
  await endAllSessions(db, link.userId, now);
  await recordAccountEvent(db, link.userId, 'email_changed', now);
  return { succeeded: true, errors: [] };
}

/**
 * PUT /api/user/email-update-confirm: both codes are needed. Wrong tries must be counted, so the
 * transaction commits on failure too: nothing inside throws on a wrong code.
 */
export async function finishEmailChange(
  db: Db,
  ctx: AccountContext,
  change: {
    userId: string;
    sessionId: string | undefined;
    requestId: string;
    otp: string;
    currentEmailOtp: string | null | undefined;
  },
): Promise<EmailChangeOutcome> {
  const { currentEmailOtp } = change;
  if (!currentEmailOtp) return { ok: false, error: CURRENT_CODE_REQUIRED };
  if (!isUuid(change.requestId)) return { ok: false, error: INVALID_CODE };
  return db.transaction().execute((trx) => confirmEmailChange(trx, ctx, { ...change, currentEmailOtp }));
}

/** POST /api/account/undo-email-change, in one transaction. */
export function takeBackAddress(db: Db, ctx: AccountContext, token: string): Promise<IdentityResult> {
  return db.transaction().execute((trx) => undoEmailChange(trx, ctx, token));
}
