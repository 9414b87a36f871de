import type { FastifyRequest } from 'fastify';
import { BOT_CHECK_REQUIRED_PROBLEM_TYPE, type LoginRequest } from '@careers/contracts/identity';
import { HttpProblem } from '@careers/server-kit/problem';
import { normalizeEmail } from '../../lib/email';
import { clientOf, tooManyRequests } from '../../plugins/limits';
import { verifyBotToken } from '@careers/server-kit/bot-check';
import { issueSession, type Session } from '../tokens/tokens.service';
import type { UserRecord } from '../users/users.service';
import { checkPassword, INVALID_LOGIN } from './accounts.service';

// docs/decisions/0015, 0242. Failed password logins are counted per address and per client (an IPv6
// client by its /64) in the shared store (memory or Redis), whether or not the address has an account, so
// that the answers do not tell them apart and an unknown address is no cheaper to hammer than a real one.
// Failures for an address never lock it (a stranger could lock the owner out): past a few, every try for
// it needs a solved bot check; only a client's own failures lock that client.
export const FREE_FAILURES_PER_IP = 10;
/** Failed logins from a client, or for an address, before every further try needs a solved bot check. */
export const BOT_CHECK_AFTER_FAILURES = 3;
const FAILURE_WINDOW_SECONDS = 3600;
const MAX_BACKOFF_SECONDS = 15 * 60;

export const BOT_CHECK_REQUIRED = 'Please complete the bot check and try again.';
export const TOO_MANY_FAILURES = 'Too many failed logins. Please wait before trying again.';
export const HASHING_BUSY = 'Too many logins right now. Please try again in a moment.';

/** 1 s after the last free failure, then doubling up to 15 minutes. */
export function backoffSeconds(failures: number, free: number): number {
  return failures < free ? 0 : Math.min(MAX_BACKOFF_SECONDS, 2 ** (failures - free));
}

const keys = (request: FastifyRequest, email: string) => {
  const e = normalizeEmail(email);
  const client = clientOf(request);
  return {
    attempts: `login:ip:${client}`,
    emailFailures: `login:fail:email:${e}`,
    ipFailures: `login:fail:ip:${client}`,
    ipLock: `login:lock:ip:${client}`,
  };
};

/**
 * Runs before any password is hashed: 429 (thrown) past the per-client attempt limit or while the client's
 * back-off lasts; 'bot-check' when the try needs a solved bot check it does not carry.
 */
export async function guardLogin(
  request: FastifyRequest,
  email: string,
  botToken: string | undefined,
): Promise<'bot-check' | undefined> {
  const { store, config } = { store: request.server.deps.store, config: request.server.config };
  const k = keys(request, email);
  const attempts = await store.hit(k.attempts, config.rateLimits.loginsPerIp, config.rateLimits.windowSeconds);
  if (!attempts.allowed)
    throw tooManyRequests(attempts.retryAfterSeconds, 'Too many login attempts. Please try again later.');
  const wait = await store.markedFor(k.ipLock);
  if (wait > 0) throw tooManyRequests(wait, TOO_MANY_FAILURES);
  const failures = Math.max(await store.peek(k.emailFailures), await store.peek(k.ipFailures));
  if (failures < BOT_CHECK_AFTER_FAILURES) return undefined;
  // The payload is spent even when the password then fails, so each further guess costs a proof of work.
  if (botToken && (await verifyBotToken(request.server.botCheckContext, botToken))) return undefined;
  return 'bot-check';
}

/** Counts a failed login and starts the client's back-off; answers whether the next try needs the bot check. */
export async function recordFailedLogin(request: FastifyRequest, email: string): Promise<boolean> {
  const store = request.server.deps.store;
  const k = keys(request, email);
  const forEmail = (await store.hit(k.emailFailures, Number.MAX_SAFE_INTEGER, FAILURE_WINDOW_SECONDS)).count;
  const forIp = (await store.hit(k.ipFailures, Number.MAX_SAFE_INTEGER, FAILURE_WINDOW_SECONDS)).count;
  const ipWait = backoffSeconds(forIp, FREE_FAILURES_PER_IP);
  if (ipWait > 0) await store.markOnce(k.ipLock, ipWait);
  return Math.max(forEmail, forIp) >= BOT_CHECK_AFTER_FAILURES;
}

/** The answer carries the flag only when it is true, so SPEC's shape is unchanged until then. */
export function botCheckFlag(required: boolean): { botCheckRequired?: true } {
  return required ? { botCheckRequired: true } : {};
}

/**
 * 428 with its own problem type: the try needed a solved bot check and did not carry one (or its payload
 * failed). Nothing was checked, so it must not read as wrong details; the portal solves the check and
 * sends the same details again.
 */
export function botCheckRequired(): HttpProblem {
  return new HttpProblem(428, BOT_CHECK_REQUIRED, { type: BOT_CHECK_REQUIRED_PROBLEM_TYPE });
}

export type PasswordLoginOutcome =
  { ok: true; user: UserRecord } | { ok: false; message: string; botCheckRequired: boolean };

/**
 * Both password logins (account and registration shape): limits, bot check, the hashing cap, the check.
 * Throws 429 past a limit and 428 (botCheckRequired) when the try needs a solved bot check.
 */
export async function attemptPasswordLogin(request: FastifyRequest, body: LoginRequest): Promise<PasswordLoginOutcome> {
  if ((await guardLogin(request, body.email, body.token)) === 'bot-check') throw botCheckRequired();
  const checked = await request.server.hashGate.run(() =>
    checkPassword(request.server.deps.database.db, body.email, body.password, request.server.config.passwordHashCost),
  );
  if (!checked) throw tooManyRequests(1, HASHING_BUSY);
  if (checked.value) return { ok: true, user: checked.value };
  return { ok: false, message: INVALID_LOGIN, botCheckRequired: await recordFailedLogin(request, body.email) };
}

export type PasswordSessionOutcome =
  { ok: true; user: UserRecord; session: Session } | { ok: false; message: string; botCheckRequired: boolean };

/** Both password logins: attemptPasswordLogin, then a new session of the account. */
export async function logInWithPassword(request: FastifyRequest, body: LoginRequest): Promise<PasswordSessionOutcome> {
  const outcome = await attemptPasswordLogin(request, body);
  if (!outcome.ok) return outcome;
  const { database } = request.server.deps;
  const session = await database.db
    .transaction()
    .execute((trx) => issueSession(trx, request.server.tokenContext, outcome.user));
  return { ...outcome, session };
}
