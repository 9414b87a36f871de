import { HttpProblem } from '@careers/server-kit/problem';
import type { Db } from '../../db';
import { normalizeEmail } from '../../lib/email';
import { insertAccountEvent } from '../account-events/account-events.repository';
import { deleteUnusedAccountTokens } from '../accounts/accounts.repository';
import { sendConfirmationLink, type AccountContext } from '../accounts/accounts.service';
import { deleteCodesOfUser } from '../codes/codes.repository';
import { issueCode } from '../codes/codes.service';
import { dropUnsentMail, enqueueMail } from '../mail/mail.repository';
import { signInCodeMail } from '../mail/mail.templates';
import { moveUnprovenEmail, type UserRecord } from './users.repository';

/**
 * "Wrong address? Change it" (docs/decisions/0165): the account of a new candidate who never proved its
 * address moves to the corrected one. Whatever went to the old address dies with it (its codes, its
 * confirmation and reset links, the unsent e-mails that carry them); a new sign-in code goes to the new
 * address at once, and the confirmation link again waits behind it (decision 0123). The candidate service
 * is told (account notice), so the employer sees the corrected address. Throws 429 (and rolls back) past
 * the send limits of the new address. Undefined when the move did not happen (the address was taken or
 * proved meanwhile).
 */
export async function moveToCorrectedAddress(
  db: Db,
  ctx: AccountContext & { confirmationLinkDelayMs: number },
  user: UserRecord,
  newEmail: string,
): Promise<UserRecord | undefined> {
  const now = new Date(ctx.now());
  if (!(await moveUnprovenEmail(db, user.id, newEmail, now))) return undefined;
  const moved: UserRecord = { ...user, email: newEmail.trim() };
  await deleteCodesOfUser(db, normalizeEmail(user.email));
  await deleteUnusedAccountTokens(db, user.id);
  for (const kind of ['sign-in-code', 'confirmation-link', 'password-reset-link'])
    await dropUnsentMail(db, user.id, kind, now);
  const { code, expiresAt } = await issueCode(db, ctx, {
    emailNormalized: normalizeEmail(moved.email),
    purpose: 'sign-in',
  });
  await enqueueMail(db, signInCodeMail(moved.email, code), now, { expiresAt, userId: user.id });
  // The link is the fallback of the code: when the address had one very recently (changed back to it),
  // the code alone goes rather than refusing the move.
  await sendConfirmationLink(db, ctx, moved, { delayMs: ctx.confirmationLinkDelayMs }).catch((err: unknown) => {
    if (!(err instanceof HttpProblem && err.status === 429)) throw err;
  });
  await insertAccountEvent(db, user.id, 'email_changed', now);
  return moved;
}
