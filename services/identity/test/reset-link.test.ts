import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '@careers/server-kit/testing';
import { decodeJwt } from 'jose';
import { bearer, registerCandidate, relaxedLimits, startTestApp, uniqueEmail, type TestApp } from './helpers';

/**
 * The reset link's page asks whether the link still works before it shows its form, and the reset signs
 * in with the session it answers, without a password login (decision 0290); an employer's link is said to
 * belong on the console's page; a sent code says when the next may be asked for (decision 0292).
 */
describe.each(databaseKinds())('reset link status, sign-in by reset, resend wait on %s', (kind) => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await startTestApp(kind, { ...relaxedLimits, SEND_INTERVAL_SECONDS: '30' });
  });
  afterAll(async () => ctx?.close());

  let client = 0;
  const post = (url: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url, remoteAddress: `10.9.0.${++client % 250}`, payload });

  async function resetLinkOf(email: string): Promise<{ path: string; token: string }> {
    const forgot = await post('/api/account/forgot-password', { email, portalType: 'Business' });
    expect(forgot.statusCode).toBe(200);
    const link = new URL(await ctx.latestLink(email, 'password-reset-link'));
    return { path: link.pathname, token: link.pathname.split('/').pop()! };
  }
  const status = async (email: string, token: string) => {
    const res = await post('/api/account/reset-link-status', { email, token });
    expect(res.statusCode).toBe(200);
    return res.json() as { status: string; message: string | null; portal: string | null };
  };
  const reset = (email: string, token: string, password = 'a new passw0rd') =>
    post('/api/account/reset-password', { email, token, password, confirmPassword: password });

  it('says a link is usable without using it, then used once it set a password', async () => {
    const { email } = await registerCandidate(ctx);
    const { token } = await resetLinkOf(email);
    expect(await status(email, token)).toEqual({ status: 'usable', message: null, portal: 'candidate' });
    expect(await status(email, token)).toEqual({ status: 'usable', message: null, portal: 'candidate' });
    expect((await reset(email, token)).statusCode).toBe(200);
    expect(await status(email, token)).toEqual({
      status: 'used',
      message: 'The reset link has already been used.',
      portal: 'candidate',
    });
  });

  it('says a made-up token or another address is not valid, and an old link expired', async () => {
    const { email } = await registerCandidate(ctx);
    const { token } = await resetLinkOf(email);
    expect(await status(email, 'x'.repeat(43))).toEqual({
      status: 'invalid',
      message: 'The reset link is not valid.',
      portal: null,
    });
    expect(await status(uniqueEmail('other'), token)).toMatchObject({ status: 'invalid', portal: null });
    ctx.clock.advance(60 * 60 * 1000 + 1000);
    expect(await status(email, token)).toEqual({
      status: 'expired',
      message: 'The reset link has expired. Please ask for a new one.',
      portal: 'candidate',
    });
    expect((await post('/api/account/reset-link-status', { email, token: '' })).statusCode).toBe(400);
    expect((await post('/api/account/reset-link-status', { email: 'not an address', token })).statusCode).toBe(400);
  });

  it("signs a never-proved candidate in with the reset's own session: proved, the old session ended", async () => {
    // A candidate who applied and left at the code step: registered, never proved.
    const registered = await registerCandidate(ctx);
    const { path, token } = await resetLinkOf(registered.email);
    expect(path.startsWith('/account/reset/')).toBe(true);
    const res = await reset(registered.email, token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ succeeded: true, errors: [], session: { id: registered.userId, success: true } });
    expect(decodeJwt(body.session.accessToken).email_verified).toBe(true);
    const me = await ctx.app.inject({ url: '/api/user', headers: bearer(body.session.accessToken) });
    expect(me.json()).toMatchObject({ id: registered.userId, email: registered.email });
    const refreshed = await post('/api/account/refresh', {
      accessToken: body.session.accessToken,
      refreshToken: body.session.refreshToken,
      ipAddress: '0.0.0.0',
    });
    expect(refreshed.statusCode).toBe(200);
    const oldRefresh = await post('/api/account/refresh', {
      accessToken: registered.accessToken,
      refreshToken: registered.refreshToken,
      ipAddress: '0.0.0.0',
    });
    expect(oldRefresh.statusCode).toBe(400);
  });

  it('a refused reset carries no session', async () => {
    const { email } = await registerCandidate(ctx);
    const res = await reset(email, 'y'.repeat(43));
    expect(res.statusCode).toBe(400);
    expect(res.json().session).toBeUndefined();
  });

  it("says an employer's link belongs on the console's page, and signs the employer in", async () => {
    const email = uniqueEmail('employer');
    const registered = await post('/api/register/business-user', {
      name: 'Bea Business',
      email,
      phone: '+44 20 7946 0000',
      password: 'a throwaway passw0rd',
      token: await ctx.botToken(),
    });
    expect(registered.statusCode).toBe(200);
    const { path, token } = await resetLinkOf(email);
    expect(path).toMatch(/^\/account\/reset\/[^/]+\/[A-Za-z0-9_-]{43}$/);
    expect(await status(email, token)).toEqual({ status: 'usable', message: null, portal: 'employer' });
    const res = await reset(email, token);
    expect(res.json().session).toMatchObject({ success: true, email });
  });

  it('answers a code send with Retry-After: when the next code may be asked for', async () => {
    const { email } = await registerCandidate(ctx);
    const sent = await post('/api/account/send-verification-code', { email });
    expect(sent.statusCode).toBe(200);
    expect(sent.headers['retry-after']).toBe('30');
    const again = await post('/api/account/send-verification-code', { email });
    expect(again.statusCode).toBe(429);
  });
});
