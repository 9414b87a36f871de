import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { databaseKinds } from '@careers/server-kit/testing';
import { backoffSeconds } from '../src/modules/accounts/login-limits';
import { createSemaphore } from '../src/lib/semaphore';
import { relaxedLimits, startTestApp, uniqueEmail, type TestApp } from './helpers';

// Password guessing and scrypt floods against POST /api/account/login and the registration-shaped
// candidate-login (docs/decisions/0015, 0242: no lock per address, a bot check instead).
const PASSWORD = 'correct horse battery';

async function registerBusiness(ctx: TestApp, email: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/register/business-user',
    payload: {
      name: 'Bea Business',
      email,
      phone: '+44 20 7946 0000',
      password: PASSWORD,
      token: await ctx.botToken(),
    },
  });
  expect(res.statusCode).toBe(200);
}

function login(
  ctx: TestApp,
  payload: { email: string; password: string; token?: string },
  ip = '198.51.100.1',
  url = '/api/account/login',
) {
  return ctx.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
}

describe.each(databaseKinds())('password login limits on %s', (kind) => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await startTestApp(kind, { ...relaxedLimits, RATE_LIMIT_LOGINS_PER_IP: '1000' });
  });
  afterAll(async () => ctx?.close());

  const expectBotCheckRequired = (res: { statusCode: number; json(): unknown }) => {
    expect(res.statusCode).toBe(428);
    expect(res.json()).toMatchObject({
      type: 'urn:careers-portal:problem:bot-check-required',
      status: 428,
      title: 'Precondition Required',
      detail: 'Please complete the bot check and try again.',
    });
  };

  it('after 3 failures for an address, from any client, every try needs a solved bot check; the address is never locked', async () => {
    const email = uniqueEmail('biz');
    await registerBusiness(ctx, email);
    for (let i = 1; i <= 3; i += 1) {
      const bad = await login(ctx, { email, password: `guess ${i}` }, `198.51.100.${i}`);
      expect(bad.statusCode).toBe(401);
      expect(bad.json()).toMatchObject({
        success: false,
        accessToken: null,
        feedbackMessage: 'Invalid email or password.',
        ...(i >= 3 ? { botCheckRequired: true } : {}),
      });
      expect(bad.json().botCheckRequired).toBe(i >= 3 ? true : undefined);
    }
    // Without a solved bot check nothing is checked, and the answer says what is missing, not "wrong details".
    expectBotCheckRequired(await login(ctx, { email, password: PASSWORD }, '203.0.113.9'));
    expectBotCheckRequired(
      await login(ctx, { email, password: PASSWORD, token: 'bm90IGEgcGF5bG9hZA==' }, '203.0.113.9'),
    );
    const fourth = await login(ctx, { email, password: 'guess 4', token: await ctx.botToken() }, '203.0.113.9');
    expect(fourth.statusCode).toBe(401);
    expect(fourth.json().botCheckRequired).toBe(true);
    // No lock: right away, the right password with a solved bot check signs in.
    const ok = await login(ctx, { email, password: PASSWORD, token: await ctx.botToken() });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, email });
  });

  /** The attackers' solver: test-support's solveBotCheck hashing synchronously (altcha-lib's awaits WebCrypto per number). */
  const quickBotToken = async () => {
    const c = (await ctx.app.inject({ url: '/api/bot-check/challenge' })).json();
    for (let number = 0; number <= c.maxnumber; number += 1)
      if (createHash('sha256').update(`${c.salt}${number}`).digest('hex') === c.challenge) {
        const { algorithm, challenge, salt, signature } = c;
        return Buffer.from(JSON.stringify({ algorithm, challenge, number, salt, signature })).toString('base64');
      }
    throw new Error('unsolved bot check');
  };

  it('50 wrong passwords from 50 clients do not lock the owner out: the right password with a solved bot check signs in', async () => {
    const email = uniqueEmail('biz');
    await registerBusiness(ctx, email);
    for (let i = 0; i < 50; i += 1) {
      const client = `2001:db8:50:${i.toString(16)}::1`;
      // Each guess past the third costs the attacker a solved bot check.
      const token = i >= 3 ? await quickBotToken() : undefined;
      const bad = await login(ctx, { email, password: `guess ${i}`, ...(token ? { token } : {}) }, client);
      expect(bad.statusCode).toBe(401);
      expect(bad.json().feedbackMessage).toBe('Invalid email or password.');
    }
    const owner = '203.0.113.50';
    expectBotCheckRequired(await login(ctx, { email, password: PASSWORD }, owner));
    // The portal's solver: altcha-lib's solveChallenge on the service's challenge (helpers.botToken).
    const ok = await login(ctx, { email, password: PASSWORD, token: await ctx.botToken() }, owner);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, email });
    expect(ok.json().accessToken).toBeTruthy();
  }, 600_000);

  it('treats an unknown address exactly like a real one', async () => {
    const ghost = uniqueEmail('ghost');
    for (let i = 1; i <= 3; i += 1)
      expect((await login(ctx, { email: ghost, password: `guess ${i}` }, '198.51.100.50')).statusCode).toBe(401);
    expectBotCheckRequired(await login(ctx, { email: ghost, password: 'guess 4' }, '198.51.100.51'));
    const withCheck = await login(
      ctx,
      { email: ghost, password: 'guess 4', token: await ctx.botToken() },
      '198.51.100.51',
    );
    expect(withCheck.statusCode).toBe(401);
    expect(withCheck.json().botCheckRequired).toBe(true);
  });

  it('backs off per client after 10 failures across addresses, without blocking other clients', async () => {
    const attacker = '192.0.2.77';
    const victim = uniqueEmail('biz');
    await registerBusiness(ctx, victim);
    for (let i = 0; i < 10; i += 1) {
      const res = await login(
        ctx,
        { email: uniqueEmail('spray'), password: 'Password1', token: await ctx.botToken() },
        attacker,
      );
      expect(res.statusCode).toBe(401);
      expect(res.json().botCheckRequired).toBe(i >= 2 ? true : undefined);
    }
    const blocked = await login(ctx, { email: victim, password: PASSWORD, token: await ctx.botToken() }, attacker);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(ctx, { email: victim, password: PASSWORD }, '192.0.2.78')).statusCode).toBe(200);
  }, 120_000);

  it('limits the registration-shaped candidate-login the same way', async () => {
    const email = uniqueEmail('biz');
    await registerBusiness(ctx, email);
    const url = '/api/register/candidate-login';
    for (let i = 1; i <= 3; i += 1) {
      const bad = await login(ctx, { email, password: `guess ${i}` }, '198.51.100.90', url);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({
        succeeded: false,
        errors: ['Invalid email or password.'],
        ...(i >= 3 ? { botCheckRequired: true } : {}),
      });
      expect(bad.json().botCheckRequired).toBe(i >= 3 ? true : undefined);
    }
    expectBotCheckRequired(await login(ctx, { email, password: PASSWORD }, '198.51.100.90', url));
    const ok = await login(ctx, { email, password: PASSWORD, token: await ctx.botToken() }, '198.51.100.90', url);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ succeeded: true });
  });
});

describe('password login floods', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await startTestApp('pglite', {
      ...relaxedLimits,
      RATE_LIMIT_LOGINS_PER_IP: '5',
      PASSWORD_HASH_CONCURRENCY: '1',
      // The flood meets the product's scrypt cost, whose hash outlasts the requests' arrival (decision 0470).
      PASSWORD_HASH_COST: '15',
    });
  });
  afterAll(async () => ctx?.close());

  it('answers 429 with Retry-After past the attempts per client, for unknown addresses too', async () => {
    const ip = '198.51.100.200';
    for (let i = 0; i < 5; i += 1) {
      const res = await login(ctx, { email: uniqueEmail('ghost'), password: 'x', token: await ctx.botToken() }, ip);
      expect(res.statusCode).toBe(401);
    }
    const limited = await login(ctx, { email: uniqueEmail('ghost'), password: 'x', token: await ctx.botToken() }, ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('hashes one password at a time with one waiting, and refuses the rest at once with 429', async () => {
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        login(ctx, { email: uniqueEmail('flood'), password: 'guess' }, `203.0.113.${100 + i}`),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 401)).toHaveLength(2);
    expect(codes.filter((c) => c === 429)).toHaveLength(10);
    const busy = answers.find((a) => a.statusCode === 429)!;
    expect(busy.headers['retry-after']).toBe('1');
    expect(busy.json()).toMatchObject({
      status: 429,
      detail: 'Too many logins right now. Please try again in a moment.',
    });
    expect(ctx.app.hashGate.active).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe('login back-off shared through Redis', () => {
  const prefix = `test:identity:${randomBytes(6).toString('hex')}:`;
  const env = {
    ...relaxedLimits,
    REDIS_URL: 'redis://127.0.0.1:6379',
    REDIS_KEY_PREFIX: prefix,
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

  it('counts failures on one instance against the other', async () => {
    const email = uniqueEmail('ghost');
    for (let i = 1; i <= 3; i += 1)
      expect((await login(i % 2 ? a : b, { email, password: `guess ${i}` })).statusCode).toBe(401);
    // The third failure, counted on the other instance, already asks this one for the bot check.
    const unchecked = await login(b, { email, password: 'guess 4' }, '203.0.113.1');
    expect(unchecked.statusCode).toBe(428);
  });
});

describe('login limit building blocks', () => {
  it('back-off doubles from 1 s after the free failures, capped at 15 minutes', () => {
    expect([2, 3, 4, 5, 12, 13, 40].map((n) => backoffSeconds(n, 3))).toEqual([0, 1, 2, 4, 512, 900, 900]);
  });

  it('the semaphore refuses past its queue instead of waiting, and frees its slots', async () => {
    const gate = createSemaphore(1, 1);
    let release!: () => void;
    const blocker = new Promise<void>((r) => (release = r));
    const first = gate.run(() => blocker.then(() => 'first'));
    const second = gate.run(async () => 'second');
    expect(await gate.run(async () => 'third')).toBeUndefined();
    expect(gate.waiting).toBe(1);
    release();
    expect(await first).toEqual({ value: 'first' });
    expect(await second).toEqual({ value: 'second' });
    expect(gate.active).toBe(0);
    expect(await gate.run(async () => 'again')).toEqual({ value: 'again' });
  });
});
