import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '@careers/server-kit/testing';
import { registerCandidate, relaxedLimits, signInWithCode, startTestApp, uniqueEmail, type TestApp } from './helpers';

const MINUTE = 60_000;

/**
 * Issue 12 item 11, decision 0123: a new candidate gets one e-mail at sign-up, the sign-in code, which
 * proves the address; the confirmation link waits CONFIRMATION_LINK_DELAY_SECONDS (15 minutes by
 * default) and goes out only if no code was verified meanwhile. Business users get none: their welcome link
 * proves the address (decision 0250).
 */
describe.each(databaseKinds())('the confirmation link at sign-up on %s', (kind) => {
  let ctx: TestApp;
  beforeAll(async () => {
    // The product's default delay (the helpers' default is none).
    ctx = await startTestApp(kind, { ...relaxedLimits, CONFIRMATION_LINK_DELAY_SECONDS: '900' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const kinds = async (email: string) => (await ctx.mailsTo(email)).map((m) => m.kind);

  it('is never sent when the candidate verifies the sign-in code first, and the address is confirmed', async () => {
    const candidate = await registerCandidate(ctx);
    expect(await kinds(candidate.email)).toEqual([]);
    await signInWithCode(ctx, candidate.email);
    expect(await kinds(candidate.email)).toEqual(['sign-in-code']);
    ctx.clock.advance(20 * MINUTE);
    // (The dev outbox itself forgets the code's e-mail once the code has expired.)
    expect(await kinds(candidate.email)).not.toContain('confirmation-link');
    const rows = await ctx.deps.database.db
      .selectFrom('mail_outbox')
      .select('kind')
      .where('user_id', '=', candidate.userId)
      .execute();
    expect(rows.map((r) => r.kind)).toEqual(['sign-in-code']);
    const user = await ctx.deps.database.db
      .selectFrom('users')
      .select('email_confirmed_at')
      .where('id', '=', candidate.userId)
      .executeTakeFirstOrThrow();
    expect(user.email_confirmed_at).not.toBeNull();
  });

  it('goes out after the delay when no code proved the address (a mistyped or abandoned sign-up)', async () => {
    const candidate = await registerCandidate(ctx);
    ctx.clock.advance(14 * MINUTE);
    expect(await kinds(candidate.email)).toEqual([]);
    ctx.clock.advance(2 * MINUTE);
    expect(await kinds(candidate.email)).toEqual(['confirmation-link']);
  });

  it('is not sent to a business user: their one e-mail is the welcome link, which proves the address', async () => {
    const email = uniqueEmail('biz');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/register/business-user',
      payload: { name: 'Biz', email, phone: '0123', password: 'a long enough password', token: await ctx.botToken() },
    });
    expect(res.statusCode).toBe(200);
    expect(await kinds(email)).toEqual(['employer-welcome-link']);
    ctx.clock.advance(20 * MINUTE);
    expect(await kinds(email)).toEqual(['employer-welcome-link']);
  });
});
