import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '@careers/server-kit/testing';
import { registerCandidate, startTestApp, uniqueEmail, type TestApp } from './helpers';

describe.each(databaseKinds())('one-time sign-in codes on %s', (kind) => {
  let ctx: TestApp;
  beforeAll(async () => {
    // Default send limits (60 s, 10 an hour); the per-IP limits are not what this file tests.
    ctx = await startTestApp(kind, {
      RATE_LIMIT_SENDS_PER_IP: '10000',
      RATE_LIMIT_LOOKUPS_PER_IP: '10000',
      CODE_SENDS_PER_CLIENT_PER_HOUR: '10000',
    });
  });
  afterAll(async () => ctx?.close());

  const send = (email: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/account/send-verification-code', payload: { email } });
  const verify = async (email: string, code: string, token?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/account/verify-code',
      payload: { email, code, token: token ?? (await ctx.botToken()) },
    });
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('sends a 6-digit code by e-mail and signs in with it once', async () => {
    const { email, userId } = await registerCandidate(ctx);
    const res = await send(email);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
    const code = await ctx.latestCode(email);
    expect(code).toMatch(/^\d{6}$/);
    const mail = (await ctx.mailsTo(email)).find((m) => m.kind === 'sign-in-code')!;
    expect(mail.subject).toBe(`Your Careers Portal sign-in code: ${code}`);
    expect(mail.text).toContain(code);
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).toContain(code);
    const ok = await verify(email, code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      id: userId,
      email,
      success: true,
      name: 'Ada Candidate',
      phone: '+44 7700 900000',
    });
    expect(ok.json().accessToken).toBeTruthy();
    expect(new Date(ok.json().refreshTokenExpiryTime).toISOString()).toBe(ok.json().refreshTokenExpiryTime);
    // Single use.
    const again = await verify(email, code);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({
      id: -1,
      success: false,
      accessToken: null,
      feedbackMessage: 'Invalid verification code.',
    });
  });

  it('answers 404 problem details when no account has the address', async () => {
    const res = await send(uniqueEmail('nobody'));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ type: 'about:blank', status: 404, title: 'Not Found' });
  });

  it('refuses a client after 5 wrong tries with 429, even with the right code (code-tries.test.ts covers the rest)', async () => {
    const { email } = await registerCandidate(ctx);
    await send(email);
    const code = await ctx.latestCode(email);
    for (let i = 0; i < 5; i += 1) expect((await verify(email, wrong(code))).statusCode).toBe(401);
    const sixth = await verify(email, code);
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('accepts the right code after 2 wrong tries; after a third the code is dead even for the right one', async () => {
    const { email } = await registerCandidate(ctx);
    await send(email);
    let code = await ctx.latestCode(email);
    for (let i = 0; i < 2; i += 1) expect((await verify(email, wrong(code))).statusCode).toBe(401);
    expect((await verify(email, code)).statusCode).toBe(200);

    const other = (await registerCandidate(ctx)).email;
    await send(other);
    code = await ctx.latestCode(other);
    for (let i = 0; i < 3; i += 1) expect((await verify(other, wrong(code))).statusCode).toBe(401);
    expect((await verify(other, code)).json().feedbackMessage).toBe('Invalid verification code.');
  });

  it('refuses a code past 10 minutes', async () => {
    const { email } = await registerCandidate(ctx);
    await send(email);
    const code = await ctx.latestCode(email);
    ctx.clock.advance(10 * 60 * 1000 + 1);
    expect((await verify(email, code)).statusCode).toBe(401);
  });

  it('accepts a code just inside 10 minutes', async () => {
    const { email } = await registerCandidate(ctx);
    await send(email);
    const code = await ctx.latestCode(email);
    ctx.clock.advance(10 * 60 * 1000 - 1000);
    expect((await verify(email, code)).statusCode).toBe(200);
  });

  it('voids the older code when a new one is sent', async () => {
    const { email } = await registerCandidate(ctx);
    await send(email);
    const first = await ctx.latestCode(email);
    ctx.clock.advance(61_000);
    await send(email);
    const second = await ctx.latestCode(email);
    if (first !== second) expect((await verify(email, first)).statusCode).toBe(401);
    expect((await verify(email, second)).statusCode).toBe(200);
  });

  it("never accepts one user's code for another user", async () => {
    const a = await registerCandidate(ctx);
    const b = await registerCandidate(ctx);
    await send(a.email);
    await send(b.email);
    const codeA = await ctx.latestCode(a.email);
    const codeB = await ctx.latestCode(b.email);
    if (codeA !== codeB) {
      expect((await verify(b.email, codeA)).statusCode).toBe(401);
    }
    // Even when the digits coincide, the stored hash binds the code to its address.
    expect((await verify(a.email, codeA)).statusCode).toBe(200);
  });

  it('allows one send per 60 s, answering 429 with Retry-After', async () => {
    const { email } = await registerCandidate(ctx);
    expect((await send(email)).statusCode).toBe(200);
    ctx.clock.advance(20_000);
    const second = await send(email);
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBe('40');
    expect(second.json()).toMatchObject({ type: 'about:blank', status: 429, title: 'Too Many Requests' });
    ctx.clock.advance(40_000);
    expect((await send(email)).statusCode).toBe(200);
  });

  it('allows 10 sends an hour: the 11th answers 429 until the hour is over', async () => {
    const { email } = await registerCandidate(ctx);
    for (let i = 0; i < 10; i += 1) {
      expect((await send(email)).statusCode).toBe(200);
      ctx.clock.advance(61_000);
    }
    const eleventh = await send(email);
    expect(eleventh.statusCode).toBe(429);
    const retry = Number(eleventh.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(3600 - 10 * 61 + 1);
    ctx.clock.advance(retry * 1000);
    expect((await send(email)).statusCode).toBe(200);
  });

  it('counts link e-mails apart: the registration e-mail does not block the first code', async () => {
    const { email } = await registerCandidate(ctx);
    expect((await send(email)).statusCode).toBe(200);
  });

  it('refuses verify-code without a valid bot-check payload, and a replayed one', async () => {
    const { email } = await registerCandidate(ctx);
    await send(email);
    const code = await ctx.latestCode(email);
    const missing = await verify(email, code, '');
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ success: false, feedbackMessage: 'Bot check failed. Please try again.' });
    expect((await verify(email, code, 'not-base64-json')).statusCode).toBe(401);
    const token = await ctx.botToken();
    expect((await verify(email, wrong(code), token)).json().feedbackMessage).toBe('Invalid verification code.');
    const replayed = await verify(email, code, token);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().feedbackMessage).toBe('Bot check failed. Please try again.');
    expect((await verify(email, code)).statusCode).toBe(200);
  });

  it('refuses a bot-check payload whose challenge expired, or whose solution is wrong', async () => {
    const { email } = await registerCandidate(ctx);
    await send(email);
    const code = await ctx.latestCode(email);
    const stale = await ctx.botToken();
    ctx.clock.advance(10 * 60 * 1000 + 1000);
    expect((await verify(email, code, stale)).json().feedbackMessage).toBe('Bot check failed. Please try again.');
    ctx.clock.advance(-(10 * 60 * 1000 + 1000));
    const good = JSON.parse(Buffer.from(await ctx.botToken(), 'base64').toString());
    const bad = Buffer.from(JSON.stringify({ ...good, number: good.number + 1 })).toString('base64');
    expect((await verify(email, code, bad)).json().feedbackMessage).toBe('Bot check failed. Please try again.');
  });
});
