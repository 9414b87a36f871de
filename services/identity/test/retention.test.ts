import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '@careers/server-kit/testing';
import { bearer, registerCandidate, relaxedLimits, signInWithCode, startTestApp, type TestApp } from './helpers';

const DAY = 86_400_000;

/**
 * Retention (issue 10 item 7, decision 0122): what a sign-up and a sign-in leave behind (a used code and
 * its counter, the confirmation link, the e-mails, a session ended by logout) is gone once it is older
 * than RETENTION_DAYS, while what is newer, and every live session, stays.
 */
describe.each(databaseKinds())('retention on %s', (kind) => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await startTestApp(kind, { ...relaxedLimits, RETENTION_DAYS: '30' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const rows = async (
    table: 'one_time_codes' | 'account_tokens' | 'refresh_tokens' | 'mail_outbox' | 'send_limits',
    userId: string,
    email: string,
  ) => {
    const db = ctx.deps.database.db;
    switch (table) {
      case 'one_time_codes':
      case 'send_limits':
        return (await db.selectFrom(table).selectAll().where('email_normalized', '=', email.toLowerCase()).execute())
          .length;
      case 'mail_outbox':
        return (await db.selectFrom(table).selectAll().where('to_address', '=', email).execute()).length;
      default:
        return (await db.selectFrom(table).selectAll().where('user_id', '=', userId).execute()).length;
    }
  };

  it('removes used and expired rows older than the retention time, and keeps newer ones and live sessions', async () => {
    const old = await registerCandidate(ctx);
    const oldSession = await signInWithCode(ctx, old.email);
    await signInWithCode(ctx, old.email);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/account/revoke', headers: bearer(oldSession.accessToken) }))
        .statusCode,
    ).toBe(200);
    await ctx.deps.outbox.flush();
    expect(await rows('account_tokens', old.userId, old.email)).toBeGreaterThan(0);
    expect(await rows('mail_outbox', old.userId, old.email)).toBeGreaterThan(0);
    // The registration's session (ended by the first proof of the address), the one logged out, the last one.
    expect(await rows('refresh_tokens', old.userId, old.email)).toBe(3);

    // 29 days on nothing is old enough yet.
    ctx.clock.advance(29 * DAY);
    await ctx.deps.retention.flush();
    expect(await rows('refresh_tokens', old.userId, old.email)).toBe(3);
    expect(await rows('mail_outbox', old.userId, old.email)).toBeGreaterThan(0);

    // Past 30 days: the ended session, the used code and its counter, the link and the e-mails go.
    ctx.clock.advance(2 * DAY + 60_000);
    const fresh = await registerCandidate(ctx);
    await signInWithCode(ctx, fresh.email);
    await ctx.deps.outbox.flush();
    const removed = await ctx.deps.retention.flush();
    expect(removed).toBeGreaterThan(0);
    expect(await rows('one_time_codes', old.userId, old.email)).toBe(0);
    expect(await rows('send_limits', old.userId, old.email)).toBe(0);
    expect(await rows('account_tokens', old.userId, old.email)).toBe(0);
    expect(await rows('mail_outbox', old.userId, old.email)).toBe(0);
    // The two ended sessions go; the one never ended is kept until its absolute expiry is itself 30 days old,
    // so that a replay of one of its rotated tokens is recognised as long as the family could live.
    expect(await rows('refresh_tokens', old.userId, old.email)).toBe(1);

    // What the newer candidate left is newer than 30 days: all of it stays.
    expect(await rows('one_time_codes', fresh.userId, fresh.email)).toBe(1);
    expect(await rows('account_tokens', fresh.userId, fresh.email)).toBeGreaterThan(0);
    expect(await rows('mail_outbox', fresh.userId, fresh.email)).toBeGreaterThan(0);
    expect(await rows('refresh_tokens', fresh.userId, fresh.email)).toBe(2);
    const [session] = await ctx.deps.database.db
      .selectFrom('refresh_tokens')
      .select('revoked_at')
      .where('user_id', '=', fresh.userId)
      .where('revoked_at', 'is', null)
      .execute();
    expect(session).toBeDefined();
  });
});
