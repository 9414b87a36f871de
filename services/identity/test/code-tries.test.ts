import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '@careers/server-kit/testing';
import { registerCandidate, startTestApp, type TestApp } from './helpers';

// Issue 8 point 8: wrong sign-in codes are counted per address across codes, and a flood from other
// clients (wrong codes, or code e-mails) leaves the owner able to sign in (docs/decisions/0016).
describe.each(databaseKinds())('wrong sign-in codes and code floods on %s', (kind) => {
  let ctx: TestApp;
  beforeAll(async () => {
    // Default send limits (60 s, 10 an hour per address, 5 an hour per address and client).
    ctx = await startTestApp(kind, { RATE_LIMIT_SENDS_PER_IP: '10000', RATE_LIMIT_LOOKUPS_PER_IP: '10000' });
  });
  afterAll(async () => ctx?.close());

  const send = (email: string, ip: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/account/send-verification-code',
      payload: { email },
      remoteAddress: ip,
    });
  const verify = async (email: string, code: string, ip: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/account/verify-code',
      payload: { email, code, token: await ctx.botToken() },
      remoteAddress: ip,
    });
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('a new code does not give an attacker 5 more guesses; the owner still signs in from their own client', async () => {
    const { email } = await registerCandidate(ctx);
    const attacker = '192.0.2.10';
    expect((await send(email, attacker)).statusCode).toBe(200);
    let code = await ctx.latestCode(email);
    for (let i = 0; i < 3; i += 1) expect((await verify(email, wrong(code), attacker)).statusCode).toBe(401);
    ctx.clock.advance(61_000);
    expect((await send(email, attacker)).statusCode).toBe(200);
    code = await ctx.latestCode(email);
    for (let i = 0; i < 2; i += 1) expect((await verify(email, wrong(code), attacker)).statusCode).toBe(401);
    const blocked = await verify(email, wrong(code), attacker);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      status: 429,
      detail: 'Too many wrong codes. Please wait before trying again.',
    });
    // The attacker's wrong tries did not kill the code: the owner, from another client, uses it.
    expect((await verify(email, code, '203.0.113.20')).statusCode).toBe(200);
  });

  it('after 20 wrong codes for an address only clients that never guessed wrong may try', async () => {
    const { email } = await registerCandidate(ctx);
    expect((await send(email, '198.51.100.1')).statusCode).toBe(200);
    const code = await ctx.latestCode(email);
    for (let c = 0; c < 4; c += 1) {
      for (let i = 0; i < 5; i += 1)
        expect((await verify(email, wrong(code), `192.0.2.${100 + c}`)).statusCode).toBe(401);
    }
    const guessedOnce = '192.0.2.200';
    expect((await verify(email, wrong(code), guessedOnce)).statusCode).toBe(401);
    const refused = await verify(email, code, guessedOnce);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await verify(email, code, '203.0.113.21')).statusCode).toBe(200);
  });

  it('one client cannot spend the sends of an address: another client still gets a code and signs in', async () => {
    const { email } = await registerCandidate(ctx);
    const flooder = '192.0.2.30';
    for (let i = 0; i < 5; i += 1) {
      expect((await send(email, flooder)).statusCode).toBe(200);
      ctx.clock.advance(61_000);
    }
    const refused = await send(email, flooder);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const owner = '203.0.113.22';
    expect((await send(email, owner)).statusCode).toBe(200);
    expect((await verify(email, await ctx.latestCode(email), owner)).statusCode).toBe(200);
  });
});
