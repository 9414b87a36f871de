import { Role } from '@careers/contracts/enums';
import { CANDIDATE_BUILT_IN_PASSWORD, type ResetLinkStatus } from '@careers/contracts/identity';
import { HttpProblem } from '@careers/server-kit/problem';
import type { IdentityResult } from '@careers/contracts/errors';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { recordAccountEvent } from '../account-events/account-events.service';
import type { CodeContext } from '../codes/codes.service';
import { hashPassword, randomToken, sha256, verifyPassword } from '../../lib/crypto';
import { isUuid, normalizeEmail } from '../../lib/email';
import { tooManyRequests } from '../../plugins/limits';
import { confirmationMail, employerWelcomeMail, passwordResetMail } from '../mail/mail.templates';
import { dropUnsent, queueMail, reserveMailSend } from '../mail/mail.service';
import { endAllSessions, issueSession, type Session, type TokenContext } from '../tokens/tokens.service';
import {
  clearPassword,
  findUserByEmail,
  findUserById,
  markEmailConfirmed,
  setPassword,
  type UserRecord,
} from '../users/users.service';
import {
  voidUnusedLinks,
  findAccountTokenForUpdate,
  markAccountTokenUsed,
  replaceAccountToken,
} from './accounts.repository';

export const RESET_TTL_MS = 60 * 60 * 1000;
export const CONFIRMATION_TTL_MS = 24 * 60 * 60 * 1000;
export const INVALID_LOGIN = 'Invalid email or password.';
export const EMAIL_IN_USE = 'Email address is already in use.';
/** The employer console's page that opens a welcome link: {portal}/employer/welcome/{email}/{token}. */
export const EMPLOYER_WELCOME_PATH = '/employer/welcome';

export interface AccountContext extends CodeContext {
  portalUrl: string;
  /** scrypt's cost for new password hashes, log2 N (config.passwordHashCost). */
  passwordHashCost: number;
}

/** The user, if the password is theirs. Accounts without a password (candidates) never match. */
/** What the account use cases need of the app: the code settings and the portal's address for links. */
export function accountContext(app: FastifyInstance): AccountContext {
  return { ...app.codeContext, portalUrl: app.config.portalUrl, passwordHashCost: app.config.passwordHashCost };
}

export async function checkPassword(
  db: Db,
  email: string,
  password: string,
  hashCost: number,
): Promise<UserRecord | undefined> {
  const user = await findUserByEmail(db, email);
  // The built-in candidate password is refused before hashing, though it is never stored anyway.
  const usable = password !== CANDIDATE_BUILT_IN_PASSWORD ? (user?.passwordHash ?? null) : null;
  const ok = await verifyPassword(password, usable, hashCost);
  return ok ? user : undefined;
}

async function reserveLinkSend(
  db: Db,
  ctx: AccountContext,
  email: string,
  purpose: 'reset' | 'confirmation',
  now: Date,
) {
  const reserved = await reserveMailSend(db, normalizeEmail(email), purpose, now, ctx.sendLimits);
  if (!reserved.allowed)
    throw tooManyRequests(
      reserved.retryAfterSeconds,
      'An e-mail was sent recently. Please wait before asking for another one.',
    );
}

/**
 * The confirmation link. With `delayMs` it waits in the outbox that long and is dropped if the address
 * is proved before (a candidate's sign-in code proves it at once): one e-mail at sign-up, not two
 * (docs/decisions/0123).
 */
/** A fresh link token for the account, replacing its earlier one of that purpose; only its hash is stored. */
async function issueLinkToken(
  db: Db,
  user: UserRecord,
  purpose: 'confirmation' | 'reset',
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + CONFIRMATION_TTL_MS);
  await replaceAccountToken(db, { userId: user.id, purpose, tokenHash: sha256(token), expiresAt, createdAt: now });
  return { token, expiresAt };
}

export async function sendConfirmationLink(
  db: Db,
  ctx: AccountContext,
  user: UserRecord,
  options: { delayMs?: number } = {},
): Promise<void> {
  const now = new Date(ctx.now());
  await reserveLinkSend(db, ctx, user.email, 'confirmation', now);
  const { token, expiresAt } = await issueLinkToken(db, user, 'confirmation', now);
  const url = `${ctx.portalUrl}/confirm/${encodeURIComponent(user.id)}/${token}`;
  const sendAt = options.delayMs ? new Date(now.getTime() + options.delayMs) : undefined;
  await queueMail(db, confirmationMail(user.email, url, ctx.mailSite), now, { expiresAt, userId: user.id, sendAt });
}

/**
 * An employer's one e-mail at sign-up (docs/decisions/0250): "Welcome, set your password". Its link is a
 * reset link that lives as long as a confirmation link and opens the console's own page; setting the
 * password there proves the address (resetPassword), so no confirmation link goes out beside it. Counted
 * as the confirmation send it replaces, so a reset link asked for at once is not held back.
 */
export async function sendWelcomeLink(db: Db, ctx: AccountContext, user: UserRecord): Promise<void> {
  const now = new Date(ctx.now());
  await reserveLinkSend(db, ctx, user.email, 'confirmation', now);
  const { token, expiresAt } = await issueLinkToken(db, user, 'reset', now);
  const url = `${ctx.portalUrl}${EMPLOYER_WELCOME_PATH}/${encodeURIComponent(user.email)}/${token}`;
  await queueMail(db, employerWelcomeMail(user.email, user.name, url, ctx.mailSite), now, {
    expiresAt,
    userId: user.id,
  });
}

/** Counts the send whether or not the address has an account, so the answer cannot tell them apart. */
export async function sendResetLink(db: Db, ctx: AccountContext, email: string): Promise<void> {
  const now = new Date(ctx.now());
  await reserveLinkSend(db, ctx, email, 'reset', now);
  const user = await findUserByEmail(db, email);
  if (!user) return;
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + RESET_TTL_MS);
  await replaceAccountToken(db, {
    userId: user.id,
    purpose: 'reset',
    tokenHash: sha256(token),
    expiresAt,
    createdAt: now,
  });
  // Everyone's link opens /account/reset (links already sent, and readers of them, expect it); the page
  // asks reset-link-status and passes an employer's link on to the console's own page (decision 0290).
  const url = `${ctx.portalUrl}/account/reset/${encodeURIComponent(user.email)}/${token}`;
  await queueMail(db, passwordResetMail(user.email, url, ctx.mailSite), now, { expiresAt, userId: user.id });
}

export async function confirmEmail(
  db: Db,
  ctx: AccountContext,
  userId: string,
  token: string,
  email?: string,
): Promise<IdentityResult> {
  const now = new Date(ctx.now());
  const row = await findAccountTokenForUpdate(db, sha256(token), 'confirmation');
  if (!row || row.userId !== userId) return { succeeded: false, errors: ['The confirmation link is not valid.'] };
  if (row.usedAt) return { succeeded: false, errors: ['The confirmation link has already been used.'] };
  if (row.expiresAt.getTime() <= now.getTime())
    return { succeeded: false, errors: ['The confirmation link has expired. Please ask for a new one.'] };
  const user = await findUserById(db, userId);
  if (!user || (email !== undefined && normalizeEmail(email) !== normalizeEmail(user.email))) {
    return { succeeded: false, errors: ['The confirmation link is not valid.'] };
  }
  await markAccountTokenUsed(db, row.id, now);
  await proveAddress(db, user, now);
  return { succeeded: true, errors: [] };
}

/**
 * Records a proof of the mailbox (a verified code, the confirmation link, the reset link). The first
 * proof ends account pre-hijacking (docs/decisions/0014): whoever registered the address before its
 * owner proved it loses every session and refresh family issued until now, and the password they set;
 * the owner sets their own through the reset link. Later proofs change nothing.
 */
export async function proveAddress(db: Db, user: UserRecord, now: Date): Promise<UserRecord> {
  if (!(await markEmailConfirmed(db, user.id, now))) return user;
  // The candidate service shows employers the address as proved from now on (docs/decisions/0166).
  await recordAccountEvent(db, user.id, 'email_verified', now);
  // A confirmation link still waiting to go out has nothing left to prove.
  await dropUnsent(db, user.id, 'confirmation-link', now);
  await endAllSessions(db, user.id, now);
  await clearPassword(db, user.id, now);
  return { ...user, passwordHash: null, emailConfirmedAt: now };
}

export type ResetOutcome = { ok: true; user: UserRecord; session: Session } | { ok: false; reason: string };

export const RESET_LINK_INVALID = 'The reset link is not valid.';
export const RESET_LINK_USED = 'The reset link has already been used.';
export const RESET_LINK_EXPIRED = 'The reset link has expired. Please ask for a new one.';

type ResetLinkLookup =
  | { status: 'usable'; tokenId: string; user: UserRecord }
  | { status: 'used' | 'expired'; message: string; user: UserRecord }
  | { status: 'invalid'; message: string };

/** What a reset link is worth now, read under the token's row lock; changes nothing. */
async function lookUpResetLink(db: Db, email: string, token: string, now: Date): Promise<ResetLinkLookup> {
  const row = await findAccountTokenForUpdate(db, sha256(token), 'reset');
  const user = row && (await findUserById(db, row.userId));
  if (!row || !user || normalizeEmail(user.email) !== normalizeEmail(email))
    return { status: 'invalid', message: RESET_LINK_INVALID };
  if (row.usedAt) return { status: 'used', message: RESET_LINK_USED, user };
  if (row.expiresAt.getTime() <= now.getTime()) return { status: 'expired', message: RESET_LINK_EXPIRED, user };
  return { status: 'usable', tokenId: row.id, user };
}

/**
 * POST /api/account/reset-link-status: the page of a reset link asks before it shows its form, so that a
 * used or expired link says so before anyone types a password, and an employer's link goes on to the
 * console's page. It tells the holder of a real link no more than reset-password's own refusal and the
 * account's sign-in would, tells nothing for a made-up one, and uses nothing.
 */
export async function resetLinkStatus(
  db: Db,
  ctx: AccountContext,
  email: string,
  token: string,
): Promise<ResetLinkStatus> {
  const found = await lookUpResetLink(db, email, token, new Date(ctx.now()));
  if (found.status === 'invalid') return { status: 'invalid', message: found.message, portal: null };
  const portal = found.user.roles.includes(Role.Candidate) ? 'candidate' : 'employer';
  return { status: found.status, message: found.status === 'usable' ? null : found.message, portal };
}

/**
 * Sets the password with the link's token and signs in: the link proved the mailbox (as a sign-in code
 * does), so the answer carries a new session, issued after every earlier one ended (decision 0290).
 */
export async function resetPassword(
  db: Db,
  ctx: AccountContext,
  tokens: TokenContext,
  email: string,
  token: string,
  password: string,
): Promise<ResetOutcome> {
  const now = new Date(ctx.now());
  const found = await lookUpResetLink(db, email, token, now);
  if (found.status !== 'usable') return { ok: false, reason: found.message };
  await markAccountTokenUsed(db, found.tokenId, now);
  // The link proves the mailbox before the new password is set, so that password is the owner's and stays;
  // whoever held the old password loses their sessions.
  const user = await proveAddress(db, found.user, now);
  await setPassword(db, user.id, await hashPassword(password, ctx.passwordHashCost), now);
  await endAllSessions(db, user.id, now);
  const session = await issueSession(db, tokens, user);
  return { ok: true, user, session };
}

/** Every unused link of the user (an address change makes the links sent to the old address worthless). */
export { voidUnusedLinks };

/**
 * POST /api/account/can-log-in: 'yes' when the address has an account (with the role, when one is given);
 * 'employer' when a candidate is asked for and the account is an employer's, so the candidate sign-in can
 * say where that address signs in (docs/decisions/0251); 'no' otherwise.
 */
export async function canLogIn(db: Db, email: string, role: Role | undefined): Promise<'yes' | 'no' | 'employer'> {
  const user = await findUserByEmail(db, email);
  if (!user) return 'no';
  if (!role || user.roles.includes(role)) return 'yes';
  return role === Role.Candidate && user.roles.some((held) => held !== Role.Candidate) ? 'employer' : 'no';
}

/** POST and GET /api/account/confirm, in one transaction; a user id that is no uuid is no link of ours. */
export async function confirmAddress(
  db: Db,
  ctx: AccountContext,
  userId: string,
  token: string,
  email: string | undefined,
): Promise<IdentityResult> {
  if (!isUuid(userId)) return { succeeded: false, errors: ['The confirmation link is not valid.'] };
  return db.transaction().execute((trx) => confirmEmail(trx, ctx, userId, token, email));
}

/** POST /api/account/resend-token: the confirmation link again; 400 (thrown) for an unknown or proved account. */
export async function resendConfirmationLink(db: Db, ctx: AccountContext, userId: string): Promise<void> {
  const user = isUuid(userId) ? await findUserById(db, userId) : undefined;
  if (!user) throw new HttpProblem(400, 'There is no account with this id.');
  if (user.emailConfirmedAt) throw new HttpProblem(400, 'The e-mail address is already confirmed.');
  await db.transaction().execute((trx) => sendConfirmationLink(trx, ctx, user));
}
