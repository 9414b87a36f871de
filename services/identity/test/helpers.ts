import { sql } from 'kysely';
import { openDatabase } from '@careers/server-kit/database';
import { createTestDatabase, type DatabaseKind } from '@careers/server-kit/testing';
import { createLogger } from '@careers/server-kit/logger';
import { CANDIDATE_BUILT_IN_PASSWORD } from '@careers/contracts/identity';
import { solveBotCheck } from '@careers/test-support/bot-check';
import { buildApp } from '../src/app';
import { openDependencies } from '../src/dependencies';
import { loadConfig } from '../src/config';

/** A clock the tests move: every expiry in the service reads it. */
export function testClock(start = Date.now()) {
  let t = start;
  return {
    now: () => t,
    advance(ms: number) {
      t += ms;
    },
  };
}

/** The identity app, built as in production, on a fresh migrated database of the given kind. */
export async function startTestApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  options: { clock?: ReturnType<typeof testClock>; url?: string; logTo?: Parameters<typeof createLogger>[2] } = {},
) {
  const testDb = options.url ? { url: options.url, drop: async () => {} } : await createTestDatabase(kind);
  const clock = options.clock ?? testClock();
  // A small proof of work keeps the suite fast; the property (verify once, signed, unexpired) is the same.
  // New candidates' confirmation links go at once here; confirmation-link.test.ts runs the real delay.
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    BOT_CHECK_MAX_NUMBER: '1000',
    CONFIRMATION_LINK_DELAY_SECONDS: '0',
    // scrypt N=2^10 instead of 2^15 (decision 0470): the tests hash thousands of passwords, at about 0.1
    // CPU-s each at the product's cost. Allowed under NODE_ENV=test only, which vitest sets.
    // TEST_PASSWORD_HASH_COST=15 runs them at the product's cost (to measure what the lower one saves).
    PASSWORD_HASH_COST: process.env.TEST_PASSWORD_HASH_COST ?? '10',
    ...(process.env.NODE_ENV ? { NODE_ENV: process.env.NODE_ENV } : {}),
    ...(testDb.url ? { IDENTITY_DATABASE_URL: testDb.url } : {}),
    ...env,
  });
  // In-memory PGlite: no data folder in tests.
  config.database.dataDir = undefined as unknown as string;
  const logger = createLogger('identity', config.logLevel, options.logTo);
  const deps = await openDependencies(config, logger, { ephemeral: true, now: clock.now });
  const app = await buildApp(config, deps, logger);
  await app.ready();

  /** Delivers the outbox now, then answers what the dev outbox holds for an address, newest first. */
  async function mailsTo(to: string) {
    await deps.outbox.flush();
    return (deps.mail.list?.() ?? []).filter((m) => m.to.toLowerCase() === to.toLowerCase());
  }

  return {
    app,
    config,
    deps,
    clock,
    dbUrl: testDb.url,
    mailsTo,
    /** The 6-digit code of the newest code e-mail to an address. */
    async latestCode(to: string): Promise<string> {
      const mail = (await mailsTo(to)).find((m) => /code/.test(m.kind));
      const code = mail?.subject.match(/(\d{6})$/)?.[1];
      if (!code) throw new Error(`no code e-mail to ${to}`);
      return code;
    },
    /** The newest link of a kind ('confirmation-link' or 'password-reset-link') to an address. */
    async latestLink(to: string, kind: string): Promise<string> {
      const mail = (await mailsTo(to)).find((m) => m.kind === kind);
      const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
      if (!link) throw new Error(`no ${kind} e-mail to ${to}`);
      return link;
    },
    /** A real ALTCHA payload: fetch a challenge and solve it as the portal would. */
    async botToken(): Promise<string> {
      return solveBotCheck((await app.inject({ url: '/api/bot-check/challenge' })).json());
    },
    async close() {
      await app.close();
      if (testDb.url) await waitForDisconnect(testDb.url);
      await testDb.drop();
    },
  };
}

/**
 * pg's pool.end() resolves before the server has seen every connection close; dropping the database
 * "with (force)" then kills a closing backend and its client reports an unhandled FATAL. Wait until the
 * server lists no session of the database (bounded).
 */
async function waitForDisconnect(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = await openDatabase({ url: process.env.TEST_POSTGRES_URL, poolSize: 1 });
  try {
    for (let i = 0; i < 50; i += 1) {
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from pg_stat_activity where datname = ${name}`.execute(admin.db);
      if (rows[0]?.n === 0) return;
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    await admin.close();
  }
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/** Limits out of the way, for files that test something else than the limits. */
export const relaxedLimits = {
  SEND_INTERVAL_SECONDS: '0',
  SENDS_PER_HOUR: '10000',
  RATE_LIMIT_SENDS_PER_IP: '10000',
  RATE_LIMIT_LOOKUPS_PER_IP: '10000',
  RATE_LIMIT_LOOKUPS_PER_EMAIL: '10000',
  RATE_LIMIT_LOGINS_PER_IP: '10000',
  CODE_SENDS_PER_CLIENT_PER_HOUR: '10000',
};

let counter = 0;
/** A fresh address per call, so tests in one file do not share send limits. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

export async function registerCandidate(ctx: TestApp, email = uniqueEmail('cand'), name = 'Ada Candidate') {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/register/candidate-user',
    payload: {
      name,
      email,
      phone: '+44 7700 900000',
      password: CANDIDATE_BUILT_IN_PASSWORD,
      token: await ctx.botToken(),
    },
  });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { email, ...(res.json() as { userId: string; accessToken: string; refreshToken: string }) };
}

/** Signs in with a code the way the portal does: send, read the e-mail, verify with a bot token. */
export async function signInWithCode(ctx: TestApp, email: string) {
  const sent = await ctx.app.inject({ method: 'POST', url: '/api/account/send-verification-code', payload: { email } });
  if (sent.statusCode !== 200) throw new Error(`send failed: ${sent.statusCode} ${sent.body}`);
  const code = await ctx.latestCode(email);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/account/verify-code',
    payload: { email, code, token: await ctx.botToken() },
  });
  if (res.statusCode !== 200) throw new Error(`verify failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; accessToken: string; refreshToken: string; refreshTokenExpiryTime: string };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
