import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { databaseKinds } from '@careers/server-kit/testing';
import { registerCandidate, startTestApp, uniqueEmail, type TestApp } from './helpers';

describe.each(databaseKinds())('rate limits (in memory) on %s', (kind) => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await startTestApp(kind, {
      RATE_LIMIT_LOOKUPS_PER_IP: '1000',
      RATE_LIMIT_LOOKUPS_PER_EMAIL: '3',
      RATE_LIMIT_SENDS_PER_IP: '1000',
    });
  });
  afterAll(async () => ctx?.close());

  it('limits lookups per e-mail with 429 problem details and Retry-After', async () => {
    const email = uniqueEmail('probe');
    const lookups = [
      () => ctx.app.inject({ method: 'POST', url: '/api/account/can-log-in', payload: { email } }),
      () => ctx.app.inject({ url: `/api/user/email-exists/${encodeURIComponent(email)}` }),
      () => ctx.app.inject({ method: 'POST', url: '/api/account/can-log-in', payload: { email: email.toUpperCase() } }),
    ];
    for (const lookup of lookups) expect((await lookup()).statusCode).toBe(404);
    const limited = await lookups[0]!();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ type: 'about:blank', title: 'Too Many Requests', status: 429 });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['access-control-expose-headers'] ?? 'Retry-After').toContain('Retry-After');
  });

  it('limits link e-mails per address: a second reset link within 60 s answers 429, for unknown addresses too', async () => {
    const { email } = await registerCandidate(ctx);
    const forgot = (to: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/account/forgot-password',
        payload: { email: to, portalType: 'Business' },
      });
    expect((await forgot(email)).statusCode).toBe(200);
    expect((await forgot(email)).statusCode).toBe(429);
    const ghost = uniqueEmail('ghost');
    expect((await forgot(ghost)).statusCode).toBe(200);
    expect((await forgot(ghost)).statusCode).toBe(429);
    ctx.clock.advance(61_000);
    expect((await forgot(email)).statusCode).toBe(200);
  });
});

describe('rate limits and bot-check replays shared through Redis', () => {
  const prefix = `test:identity:${randomBytes(6).toString('hex')}:`;
  const env = {
    REDIS_URL: 'redis://127.0.0.1:6379',
    REDIS_KEY_PREFIX: prefix,
    RATE_LIMIT_LOOKUPS_PER_IP: '4',
    BOT_CHECK_SECRET: randomBytes(32).toString('hex'),
  };
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    [a, b] = await Promise.all([startTestApp('pglite', env), startTestApp('pglite', env)]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    const redis = new Redis(env.REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('counts lookups from one address across two instances', async () => {
    expect(a.deps.store.kind).toBe('redis');
    const lookup = (app: TestApp) =>
      app.app.inject({ method: 'POST', url: '/api/account/can-log-in', payload: { email: uniqueEmail('shared') } });
    const statuses = [];
    for (const app of [a, b, a, b]) statuses.push((await lookup(app)).statusCode);
    expect(statuses).toEqual([404, 404, 404, 404]);
    const fifth = await lookup(b);
    expect(fifth.statusCode).toBe(429);
    expect(Number(fifth.headers['retry-after'])).toBeGreaterThan(0);
    expect((await lookup(a)).statusCode).toBe(429);
  });

  it('refuses on one instance a bot-check payload already used on the other', async () => {
    const token = await a.botToken();
    const body = (email: string) => ({ name: 'Rea', email, phone: '1', password: 'x', token });
    expect(
      (await a.app.inject({ method: 'POST', url: '/api/register/candidate-user', payload: body(uniqueEmail()) }))
        .statusCode,
    ).toBe(200);
    const replay = await b.app.inject({
      method: 'POST',
      url: '/api/register/candidate-user',
      payload: body(uniqueEmail()),
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().errors).toEqual(['Bot check failed. Please try again.']);
  });
});

describe('instances without Redis', () => {
  it('do not share counters (which is why production sets REDIS_URL)', async () => {
    const env = { RATE_LIMIT_LOOKUPS_PER_IP: '1' };
    const [a, b] = await Promise.all([startTestApp('pglite', env), startTestApp('pglite', env)]);
    try {
      const lookup = (app: TestApp) =>
        app.app.inject({ method: 'POST', url: '/api/account/can-log-in', payload: { email: uniqueEmail() } });
      expect((await lookup(a)).statusCode).toBe(404);
      expect((await lookup(b)).statusCode).toBe(404);
      expect((await lookup(a)).statusCode).toBe(429);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
