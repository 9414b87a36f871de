import { Role } from '@careers/contracts/enums';
import { HttpProblem } from '@careers/server-kit/problem';
import type { Db } from '../../db';
import { normalizeEmail } from '../../lib/email';
import { recordAccountEvent } from '../account-events/account-events.service';
import { EMAIL_IN_USE, sendConfirmationLink, voidUnusedLinks, type AccountContext } from '../accounts/accounts.service';
import { forgetCodesOf, issueCode } from '../codes/codes.service';
import { isAddressHeldForUndo } from '../email-change/email-change.service';
import { dropUnsent, queueMail } from '../mail/mail.service';
import { signInCodeMail, type CodeJob } from '../mail/mail.templates';
import { createAccessToken, type TokenContext } from '../tokens/tokens.service';
import { findUserByEmail, findUserById, moveUnprovenEmail, type UserRecord } from './users.repository';
import { ACCOUNT_GONE } from './users.service';

export const ADDRESS_ALREADY_PROVED =
  'Your e-mail address is already confirmed. You can change it on your account page.';
export const ONLY_NEW_CANDIDATES = 'Only a new candidate account can change its address this way.';
const SAME_ADDRESS = 'This is already your e-mail address.';

export interface UnprovenEmailContext extends AccountContext {
  tokens: TokenContext;
  confirmationLinkDelayMs: number;
}

/**
 * "Wrong address? Change it" (docs/decisions/0165): the account of a new candidate who never proved its
 * address moves to the corrected one. Whatever went to the old address dies with it (its codes, its
 * confirmation and reset links, the unsent e-mails that carry them); a new sign-in code goes to the new
 * address at once, and the confirmation link again waits behind it (decision 0123). The candidate service
 * is told (account notice), so the employer sees the corrected address. Throws 429 (and rolls back) past
 * the send limits of the new address. Undefined when the move did not happen (the address was taken or
 * proved meanwhile). With the job the application is for, the new code e-mail names it, as the first
 * code e-mail did (docs/decisions/0284, 0350).
 */
export async function moveToCorrectedAddress(
  db: Db,
  ctx: AccountContext & { confirmationLinkDelayMs: number },
  user: UserRecord,
  newEmail: string,
  job: CodeJob | null = null,
): Promise<UserRecord | undefined> {
  const now = new Date(ctx.now());
  if (!(await moveUnprovenEmail(db, user.id, newEmail, now))) return undefined;
  const moved: UserRecord = { ...user, email: newEmail.trim() };
  await forgetCodesOf(db, normalizeEmail(user.email));
  await voidUnusedLinks(db, user.id);
  for (const kind of ['sign-in-code', 'confirmation-link', 'password-reset-link'])
    await dropUnsent(db, user.id, kind, now);
  const { code, expiresAt } = await issueCode(db, ctx, {
    emailNormalized: normalizeEmail(moved.email),
    purpose: 'sign-in',
  });
  await queueMail(db, signInCodeMail(moved.email, code, ctx.mailSite, job), now, { expiresAt, userId: user.id });
  // The link is the fallback of the code: when the address had one very recently (changed back to it),
  // the code alone goes rather than refusing the move.
  await sendConfirmationLink(db, ctx, moved, { delayMs: ctx.confirmationLinkDelayMs }).catch((err: unknown) => {
    if (!(err instanceof HttpProblem && err.status === 429)) throw err;
  });
  await recordAccountEvent(db, user.id, 'email_changed', now);
  return moved;
}

export type UnprovenEmailOutcome = { ok: true; email: string; accessToken: string } | { ok: false; error: string };

/**
 * PUT /api/user/unproven-email: checks the caller's account (a candidate's, never proved) and the new
 * address (another, free, not held for an undo link: what sign-up answers for a taken address, no more),
 * then moves it. beforeSending runs once the checks pass, before anything is sent (the per-client send
 * limit); findJob then, outside the transaction, looks up the job the new code e-mail names. Answers an access token carrying the new address in the caller's session; 403 (thrown) for an
 * account that is not a candidate's.
 */
export async function correctUnprovenAddress(
  db: Db,
  ctx: UnprovenEmailContext,
  caller: { userId: string; sessionId: string | undefined },
  newEmail: string,
  beforeSending: () => Promise<void>,
  findJob: () => Promise<CodeJob | null> = () => Promise.resolve(null),
): Promise<UnprovenEmailOutcome> {
  const fail = (error: string) => ({ ok: false, error }) as const;
  const user = await findUserById(db, caller.userId);
  if (!user) return fail(ACCOUNT_GONE);
  if (!user.roles.includes(Role.Candidate)) throw new HttpProblem(403, ONLY_NEW_CANDIDATES);
  if (user.emailConfirmedAt) return fail(ADDRESS_ALREADY_PROVED);
  if (normalizeEmail(user.email) === normalizeEmail(newEmail)) return fail(SAME_ADDRESS);
  if ((await findUserByEmail(db, newEmail)) || (await isAddressHeldForUndo(db, newEmail, new Date(ctx.now()), user.id)))
    return fail(EMAIL_IN_USE);
  await beforeSending();
  const job = await findJob();
  let moved;
  try {
    moved = await db.transaction().execute((trx) => moveToCorrectedAddress(trx, ctx, user, newEmail, job));
  } catch (err) {
    // Two accounts racing for the address: the unique index lets one win.
    if ((err as { code?: string }).code === '23505') return fail(EMAIL_IN_USE);
    throw err;
  }
  if (!moved) {
    const now = await findUserById(db, user.id);
    return fail(!now ? ACCOUNT_GONE : now.emailConfirmedAt ? ADDRESS_ALREADY_PROVED : EMAIL_IN_USE);
  }
  return { ok: true, email: moved.email, accessToken: await createAccessToken(ctx.tokens, moved, caller.sessionId) };
}
