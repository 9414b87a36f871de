import { createLocalJWKSet, decodeJwt, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ACCOUNT_EVENTS_AUDIENCE } from '@careers/contracts/identity';
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

/** Stands in for the candidate service: records each notice. */
async function startReceiver() {
  const received: string[] = [];
  const server = http.createServer((req, res) => {
    received.push((req.headers.authorization ?? '').replace(/^Bearer /, ''));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(databaseKinds())('"Wrong address? Change it" on %s', (kind) => {
  let ctx: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let client = 0;
  beforeAll(async () => {
    receiver = await startReceiver();
    ctx = await startTestApp(kind, { ...relaxedLimits, CANDIDATE_URL: receiver.url, MAIL_POLL_INTERVAL_MS: '600000' });
  });
  afterAll(async () => {
    await ctx?.close();
    await receiver?.close();
  });

  const move = (
    token: string | undefined,
    email: string,
    remoteAddress = `10.9.${Math.floor(++client / 250)}.${client % 250}`,
  ) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/user/unproven-email',
      remoteAddress,
      ...(token ? { headers: bearer(token) } : {}),
      payload: { email },
    });
  const sendCode = (email: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/account/send-verification-code', payload: { email } });
  const verify = async (email: string, code: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/account/verify-code',
      payload: { email, code, token: await ctx.botToken() },
    });
  const events = (userId: string) =>
    ctx.deps.database.db
      .selectFrom('account_events')
      .select(['kind'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();

  it('moves a new candidate to the corrected address: a new code goes there, the old code and link die, the session goes on', async () => {
    const typo = uniqueEmail('typo');
    const user = await registerCandidate(ctx, typo);
    expect((await sendCode(typo)).statusCode).toBe(200);
    const oldCode = await ctx.latestCode(typo);
    const oldLink = await ctx.latestLink(typo, 'confirmation-link');
    const fixed = uniqueEmail('fixed');

    const res = await move(user.accessToken, fixed.toUpperCase());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ succeeded: true, errors: [], email: fixed.toUpperCase() });
    // The new access token carries the new address, still unproved, in the same session.
    const claims = decodeJwt(body.accessToken);
    expect(claims).toMatchObject({
      sub: user.userId,
      email: fixed.toUpperCase(),
      email_verified: false,
      sid: decodeJwt(user.accessToken).sid,
    });
    expect((await ctx.app.inject({ url: '/api/user', headers: bearer(body.accessToken) })).json()).toMatchObject({
      email: fixed.toUpperCase(),
    });
    // The refresh token still works with the new access token.
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/refresh',
      payload: { accessToken: body.accessToken, refreshToken: user.refreshToken, ipAddress: '0.0.0.0' },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).toMatchObject({ success: true, email: fixed.toUpperCase() });

    // The old address: no account, its code and its link are dead.
    expect((await verify(typo, oldCode)).statusCode).toBe(401);
    const [, , userId, token] = new URL(oldLink).pathname.split('/');
    const confirm = await ctx.app.inject({ method: 'POST', url: '/api/account/confirm', payload: { userId, token } });
    expect(confirm.statusCode).toBe(400);
    // The new address has a code and a confirmation link of its own.
    const newCode = await ctx.latestCode(fixed);
    await ctx.latestLink(fixed, 'confirmation-link');
    const signedIn = await verify(fixed, newCode);
    expect(signedIn.statusCode).toBe(200);
    expect(decodeJwt(signedIn.json().accessToken)).toMatchObject({ email: fixed.toUpperCase(), email_verified: true });

    // Proved now: no more moves this way (the e-mail change with two codes is the way).
    const again = await move(signedIn.json().accessToken, uniqueEmail('later'));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      succeeded: false,
      errors: ['Your e-mail address is already confirmed. You can change it on your account page.'],
      email: null,
      accessToken: null,
    });

    // The candidate service is told of the move and of the proof, each with the address as it is at delivery.
    expect(await events(user.userId)).toEqual([{ kind: 'email_changed' }, { kind: 'email_verified' }]);
    receiver.received.length = 0;
    expect(await ctx.deps.accountEvents.flush()).toBeGreaterThanOrEqual(2);
    const jwks = createLocalJWKSet({ keys: ctx.deps.keys.publicJwks });
    const notices = await Promise.all(
      receiver.received.map(
        async (t) =>
          (await jwtVerify(t, jwks, { audience: ACCOUNT_EVENTS_AUDIENCE, currentDate: new Date(ctx.clock.now()) }))
            .payload,
      ),
    );
    const mine = notices.filter((n) => n.sub === user.userId);
    expect(mine.map((n) => n.event).sort()).toEqual(['email_changed', 'email_verified']);
    for (const n of mine) expect(n).toMatchObject({ email: fixed.toUpperCase(), email_verified: true });
  });

  it('refuses a taken address with what sign-up says, its own address, and bad input', async () => {
    const user = await registerCandidate(ctx);
    const other = await registerCandidate(ctx);
    const taken = await move(user.accessToken, other.email.toUpperCase());
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({
      succeeded: false,
      errors: ['Email address is already in use.'],
      email: null,
      accessToken: null,
    });
    const same = await move(user.accessToken, user.email);
    expect(same.json().errors).toEqual(['This is already your e-mail address.']);
    expect((await move(user.accessToken, 'not an address')).statusCode).toBe(400);
    // Nothing moved, nothing sent.
    expect((await ctx.app.inject({ url: '/api/user', headers: bearer(user.accessToken) })).json().email).toBe(
      user.email,
    );
    expect(await events(user.userId)).toEqual([]);
  });

  it('is for the signed-in new candidate only', async () => {
    expect((await move(undefined, uniqueEmail())).statusCode).toBe(401);
    expect((await move('not-a-token', uniqueEmail())).statusCode).toBe(401);
    const email = uniqueEmail('biz');
    const reg = await ctx.app.inject({
      method: 'POST',
      url: '/api/register/business-user',
      payload: {
        name: 'Bea',
        email,
        phone: '+44 20 7946 0000',
        password: 'correct horse battery',
        token: await ctx.botToken(),
      },
    });
    const business = await move(reg.json().accessToken, uniqueEmail());
    expect(business.statusCode).toBe(403);
    expect(business.json().detail).toBe('Only a new candidate account can change its address this way.');
    // A candidate who proved the address by signing in with a code.
    const proved = await registerCandidate(ctx);
    const session = await signInWithCode(ctx, proved.email);
    expect((await move(session.accessToken, uniqueEmail())).json().errors).toEqual([
      'Your e-mail address is already confirmed. You can change it on your account page.',
    ]);
  });

  it('is rate limited like the code sends', async () => {
    const limited = await startTestApp(kind, {
      ...relaxedLimits,
      CODE_SENDS_PER_CLIENT_PER_HOUR: '2',
      MAIL_POLL_INTERVAL_MS: '600000',
    });
    try {
      const user = await registerCandidate(limited);
      const call = (email: string, token: string) =>
        limited.app.inject({
          method: 'PUT',
          url: '/api/user/unproven-email',
          remoteAddress: '10.8.0.1',
          headers: bearer(token),
          payload: { email },
        });
      // Back and forth between two addresses from one client: the third code to one address is refused.
      const a = uniqueEmail('a');
      const b = uniqueEmail('b');
      let token = user.accessToken;
      for (const email of [a, b, a, b]) {
        const res = await call(email, token);
        expect(res.statusCode).toBe(200);
        token = res.json().accessToken;
      }
      const refused = await call(a, token);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect((await limited.app.inject({ url: '/api/user', headers: bearer(token) })).json().email).toBe(b);
    } finally {
      await limited.close();
    }
  });
});
