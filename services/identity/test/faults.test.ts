import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  databaseKinds,
  startTcpProxy,
  throughProxy,
  untilServed,
  type TcpProxy,
  type TestDatabase,
} from '@careers/server-kit/testing';
import { startTestApp, uniqueEmail, type TestApp } from './helpers';

describe.each(databaseKinds().filter((kind) => kind === 'postgres'))(
  'identity while its %s database is unreachable',
  (kind) => {
    let testDb: TestDatabase;
    let proxy: TcpProxy;
    let ctx: TestApp;
    beforeAll(async () => {
      testDb = await createTestDatabase(kind);
      const target = new URL(testDb.url!);
      proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
      ctx = await startTestApp(kind, {}, { url: throughProxy(testDb.url!, proxy) });
    });
    afterAll(async () => {
      proxy?.restore();
      await ctx?.close();
      await proxy?.close();
      await testDb?.drop();
    });

    const canLogIn = () =>
      ctx.app.inject({ method: 'POST', url: '/api/account/can-log-in', payload: { email: uniqueEmail('fault') } });

    it('answers 503 with Retry-After within seconds, says not ready, stays alive, and recovers by itself', async () => {
      expect((await canLogIn()).statusCode).toBe(404);

      proxy.cut();
      const started = Date.now();
      const down = await canLogIn();
      expect(down.statusCode).toBe(503);
      expect(Number(down.headers['retry-after'])).toBeGreaterThan(0);
      expect(down.json()).toMatchObject({ type: 'about:blank', status: 503, title: 'Service Unavailable' });
      expect(Date.now() - started).toBeLessThan(5000);
      expect((await ctx.app.inject({ url: '/readyz' })).statusCode).toBe(503);
      expect((await ctx.app.inject({ url: '/healthz' })).statusCode).toBe(200);
      // The outbox worker polls the database meanwhile: its failures must not stop it or the process.
      await ctx.deps.outbox.flush().catch(() => undefined);

      proxy.restore();
      expect((await untilServed(canLogIn)).statusCode).toBe(404);
      expect((await ctx.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    });
  },
);

describe('identity while Redis is unreachable', () => {
  let proxy: TcpProxy;
  let ctx: TestApp;
  const prefix = `test:identity:fault:${randomBytes(6).toString('hex')}:`;
  beforeAll(async () => {
    proxy = await startTcpProxy('127.0.0.1', 6379);
    ctx = await startTestApp('pglite', { REDIS_URL: `redis://127.0.0.1:${proxy.port}`, REDIS_KEY_PREFIX: prefix });
  });
  afterAll(async () => {
    proxy?.restore();
    await ctx?.close();
    await proxy?.close();
  });

  // Every account lookup is counted in Redis first.
  const canLogIn = () =>
    ctx.app.inject({ method: 'POST', url: '/api/account/can-log-in', payload: { email: uniqueEmail('fault') } });

  it('answers 503 with Retry-After within seconds, says not ready, and recovers by itself', async () => {
    expect((await canLogIn()).statusCode).toBe(404);

    proxy.cut();
    const started = Date.now();
    const down = await canLogIn();
    expect(down.statusCode).toBe(503);
    expect(Number(down.headers['retry-after'])).toBeGreaterThan(0);
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await ctx.app.inject({ url: '/readyz' })).statusCode).toBe(503);

    proxy.restore();
    expect((await untilServed(canLogIn)).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });
});
