import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { databaseKinds } from '@careers/server-kit/testing';
import {
  bearer,
  registerCandidate,
  relaxedLimits,
  signInWithCode,
  startTestApp,
  uniqueEmail,
  type TestApp,
} from './helpers';

// Issue 8 point 1: an attacker registers the victim's address before the victim does, and keeps the
// session; the victim's first proof of the mailbox must end it (docs/decisions/0014).
describe.each(databaseKinds())('account pre-hijacking on %s', (kind) => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await startTestApp(kind, relaxedLimits);
  });
  afterAll(async () => ctx?.close());

  // Each call from its own client address: the login limits (login-limits.test.ts) are not tested here.
  let client = 0;
  const post = (url: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url, payload, remoteAddress: `10.1.0.${++client % 250}` });
  const refresh = (s: { accessToken: string; refreshToken: string }) =>
    post('/api/account/refresh', { accessToken: s.accessToken, refreshToken: s.refreshToken, ipAddress: '0.0.0.0' });
  const registerBusiness = async (email: string, password: string) => {
    const res = await post('/api/register/business-user', {
      name: 'Mallory',
      email,
      phone: '+44 20 7946 0000',
      password,
      token: await ctx.botToken(),
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { userId: string; accessToken: string; refreshToken: string };
  };
  const confirmByLink = async (email: string, userId: string) => {
    const token = (await ctx.latestLink(email, 'confirmation-link')).split('/').pop()!;
    const res = await post('/api/account/confirm', { userId, token });
    expect(res.json()).toEqual({ succeeded: true, errors: [] });
  };

  it("the owner's first sign-in by code ends the attacker's candidate session", async () => {
    const victim = uniqueEmail('victim');
    const attacker = await registerCandidate(ctx, victim);
    expect((await refresh(attacker)).statusCode).toBe(200); // works until the owner proves the address
    const owner = await signInWithCode(ctx, victim);
    const stolen = await refresh(attacker);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toMatchObject({ success: false, accessToken: null });
    // The owner's own session is the one the code answered, and it lives on.
    const mine = await refresh(owner);
    expect(mine.statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/user', headers: bearer(mine.json().accessToken) })).statusCode).toBe(200);
  });

  it('a rotated attacker token from before the proof dies too, and a second sign-in ends nothing', async () => {
    const victim = uniqueEmail('victim');
    const attacker = (await refresh(await registerCandidate(ctx, victim))).json();
    const first = await signInWithCode(ctx, victim);
    expect((await refresh(attacker)).statusCode).toBe(400);
    ctx.clock.advance(61 * 1000);
    await signInWithCode(ctx, victim);
    expect((await refresh(first)).statusCode).toBe(200);
  });

  it("the owner's code ends a business attacker's sessions and password", async () => {
    const victim = uniqueEmail('victim');
    const attacker = await registerBusiness(victim, 'attacker password');
    expect((await post('/api/account/login', { email: victim, password: 'attacker password' })).statusCode).toBe(200);
    await signInWithCode(ctx, victim);
    expect((await refresh(attacker)).statusCode).toBe(400);
    expect((await post('/api/account/login', { email: victim, password: 'attacker password' })).statusCode).toBe(401);
    expect(
      (await post('/api/register/candidate-login', { email: victim, password: 'attacker password' })).statusCode,
    ).toBe(400);
  });

  it("the owner's welcome link ends a business attacker's sessions and password", async () => {
    const victim = uniqueEmail('victim');
    const attacker = await registerBusiness(victim, 'attacker password');
    const loggedIn = (await post('/api/account/login', { email: victim, password: 'attacker password' })).json();
    // The one e-mail of an employer's sign-up (decision 0250): it reaches the mailbox's owner, not the attacker.
    const token = (await ctx.latestLink(victim, 'employer-welcome-link')).split('/').pop()!;
    const set = await post('/api/account/reset-password', {
      email: victim,
      token,
      password: 'owner password',
      confirmPassword: 'owner password',
    });
    expect(set.json()).toMatchObject({ succeeded: true, errors: [] });
    expect((await refresh(attacker)).statusCode).toBe(400);
    expect((await refresh(loggedIn)).statusCode).toBe(400);
    expect((await post('/api/account/login', { email: victim, password: 'attacker password' })).statusCode).toBe(401);
    expect((await post('/api/account/login', { email: victim, password: 'owner password' })).statusCode).toBe(200);
  });

  it("the owner's confirmation link ends a business attacker's sessions and password", async () => {
    const victim = uniqueEmail('victim');
    const attacker = await registerBusiness(victim, 'attacker password');
    const loggedIn = (await post('/api/account/login', { email: victim, password: 'attacker password' })).json();
    // A confirmation link asked for later (the sign-up sent the welcome link instead).
    expect((await post(`/api/account/resend-token?userId=${attacker.userId}`, {})).statusCode).toBe(200);
    await confirmByLink(victim, attacker.userId);
    expect((await refresh(attacker)).statusCode).toBe(400);
    expect((await refresh(loggedIn)).statusCode).toBe(400);
    expect((await post('/api/account/login', { email: victim, password: 'attacker password' })).statusCode).toBe(401);
  });

  it('keeps a password set by the reset link, which itself proves the address', async () => {
    const email = uniqueEmail('biz');
    await registerBusiness(email, 'first password');
    await post('/api/account/forgot-password', { email, portalType: 'Business' });
    const token = (await ctx.latestLink(email, 'password-reset-link')).split('/').pop()!;
    const reset = await post('/api/account/reset-password', {
      email,
      token,
      password: 'owner password',
      confirmPassword: 'owner password',
    });
    expect(reset.statusCode).toBe(200);
    expect((await post('/api/account/login', { email, password: 'owner password' })).statusCode).toBe(200);
    expect((await post('/api/account/login', { email, password: 'first password' })).statusCode).toBe(401);
  });

  it('gives an unproven account a 12-hour session and a proven one 30 days', async () => {
    const email = uniqueEmail('cand');
    const registered = await registerCandidate(ctx, email);
    const unproven = (await refresh(registered)).json();
    expect(Date.parse(unproven.refreshTokenExpiryTime) - ctx.clock.now()).toBeLessThanOrEqual(12 * 3600 * 1000);
    ctx.clock.advance(12 * 3600 * 1000 + 1000);
    expect((await refresh(unproven)).statusCode).toBe(400);
    const proven = await signInWithCode(ctx, email);
    expect(Date.parse(proven.refreshTokenExpiryTime) - ctx.clock.now()).toBe(30 * 24 * 3600 * 1000);
  });

  it('says in the access token whether the address is proved', async () => {
    const email = uniqueEmail('cand');
    const registered = await registerCandidate(ctx, email);
    expect(decodeJwt(registered.accessToken).email_verified).toBe(false);
    const proven = await signInWithCode(ctx, email);
    expect(decodeJwt(proven.accessToken).email_verified).toBe(true);
  });
});
