import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTcpProxy, throughProxy, type TcpProxy } from '@careers/server-kit/testing';
import { startTestApp, type TestApp } from './helpers';

/** Asks until the answer is not 503 (the dependency is back and the pool or client reconnected). */
async function untilServed(ask: () => Promise<{ statusCode: number }>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  let last = await ask();
  while (last.statusCode === 503 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    last = await ask();
  }
  return last;
}

describe.each(databaseKinds().filter((kind) => kind === 'postgres'))('candidate while its %s database is unreachable', (kind) => {
  let proxy: TcpProxy;
  let ctx: TestApp;
  beforeAll(async () => {
    const admin = new URL(process.env.TEST_POSTGRES_URL!);
    proxy = await startTcpProxy(admin.hostname, Number(admin.port || 5432));
    // The API and the background queue (pg-boss) both go through the proxy.
    ctx = await startTestApp(kind, {}, {}, (config) => {
      config.database.url = throughProxy(config.database.url!, proxy);
    });
  });
  afterAll(async () => {
    proxy?.restore();
    await ctx?.close();
    await proxy?.close();
  });

  const job = () => ctx.app.inject({ url: `/job/${randomUUID()}` });

  it('answers 503 with Retry-After within seconds, says not ready, stays alive, and recovers by itself', async () => {
    expect((await job()).statusCode).toBe(404);

    proxy.cut();
    const started = Date.now();
    const down = await job();
    expect(down.statusCode).toBe(503);
    expect(Number(down.headers['retry-after'])).toBeGreaterThan(0);
    expect(down.json()).toMatchObject({ type: 'about:blank', status: 503, title: 'Service Unavailable' });
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await ctx.app.inject({ url: '/readyz' })).statusCode).toBe(503);
    // Long enough for the queue's pollers to fail against the cut connection too.
    await new Promise((r) => setTimeout(r, 1500));

    proxy.restore();
    expect((await untilServed(job)).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });
});

describe('candidate while its object store is unreachable', () => {
  const bucket = 'careers-fault';
  let directory: string;
  let s3: S3rver;
  let proxy: TcpProxy;
  let ctx: TestApp;
  beforeAll(async () => {
    directory = await fs.mkdtemp(path.join(os.tmpdir(), 's3rver-'));
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
    const { port } = await s3.run();
    proxy = await startTcpProxy('127.0.0.1', port);
    ctx = await startTestApp('pglite', {
      S3_ENDPOINT: `http://127.0.0.1:${proxy.port}`,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
  });
  afterAll(async () => {
    proxy?.restore();
    await ctx?.close();
    await proxy?.close();
    await s3?.close();
    await fs.rm(directory, { recursive: true, force: true });
  });

  // Logos are served from the store by key.
  const logo = () => ctx.app.inject({ url: `/blobs/businesses/${randomUUID()}/logo.png` });

  it('answers 503 with Retry-After, says not ready, and recovers by itself', async () => {
    expect((await logo()).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/readyz' })).statusCode).toBe(200);

    proxy.cut();
    const started = Date.now();
    const down = await logo();
    expect(down.statusCode).toBe(503);
    expect(Number(down.headers['retry-after'])).toBeGreaterThan(0);
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await ctx.app.inject({ url: '/readyz' })).statusCode).toBe(503);

    proxy.restore();
    expect((await untilServed(logo)).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });
});
