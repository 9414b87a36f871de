import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '@careers/server-kit/testing';
import { registerCandidate, relaxedLimits, startTestApp, type TestApp } from './helpers';

// Whoever reads the logs must not be able to sign in as someone or use their links.
describe.each(databaseKinds())('identity logs on %s', (kind) => {
  let ctx: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    ctx = await startTestApp(kind, { ...relaxedLimits, LOG_LEVEL: 'trace' }, { logTo: sink });
  });
  afterAll(async () => ctx?.close());

  it('never hold a code, a confirmation token or a reset token, even at trace level', async () => {
    const { email, userId } = await registerCandidate(ctx);
    const confirmToken = (await ctx.latestLink(email, 'confirmation-link')).split('/').pop()!;
    // The query form of the confirmation puts the token in the request URL.
    const confirmed = await ctx.app.inject({ url: `/api/account/confirm?UserId=${userId}&Token=${confirmToken}` });
    expect(confirmed.statusCode).toBe(200);

    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/send-verification-code',
      payload: { email },
    });
    expect(sent.statusCode).toBe(200);
    const code = await ctx.latestCode(email);

    const forgot = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/forgot-password',
      payload: { email, portalType: 'Candidate' },
    });
    expect(forgot.statusCode).toBe(200);
    const resetToken = (await ctx.latestLink(email, 'password-reset-link')).split('/').pop()!;

    const log = lines.join('');
    expect(log).toContain('dev outbox: e-mail kept');
    expect(log).toContain('/api/account/confirm?UserId=');
    for (const secret of [confirmToken, resetToken]) expect(log).not.toContain(secret);
    // Digits alone could be part of a timestamp: the code must not stand as a number of its own.
    expect(log).not.toMatch(new RegExp(`(?<![0-9])${code}(?![0-9])`));
  });
});
