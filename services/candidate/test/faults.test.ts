import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALREADY_APPLIED } from '@careers/contracts/candidate';
import {
  databaseKinds,
  startPostgresCluster,
  startTcpProxy,
  untilServed,
  throughProxy,
  type PostgresCluster,
  type TcpProxy,
} from '@careers/server-kit/testing';
import { tinyPdf } from './fixtures';
import { multipart, startTestApp, type TestApp } from './helpers';

describe.each(databaseKinds().filter((kind) => kind === 'postgres'))(
  'candidate while its %s database is unreachable',
  (kind) => {
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
  },
);

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

// A real PostgreSQL of its own, stopped for seconds and started again while candidates apply: the
// crash seen in production came from exactly this (a checked-out pooled client losing its server).
describe.each(databaseKinds().filter((kind) => kind === 'postgres'))('candidates applying while %s restarts', () => {
  const CANDIDATES = 30;
  const JOBS = 4;
  let cluster: PostgresCluster;
  let ctx: TestApp;
  beforeAll(async () => {
    cluster = await startPostgresCluster();
    ctx = await startTestApp('pglite', { CANDIDATE_DATABASE_URL: cluster.url });
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    await cluster?.destroy();
  });

  it('answers only 200 or 503 meanwhile, recovers by itself, and loses no acknowledged application', async () => {
    const employer = await ctx.auth(randomUUID(), ['BusinessUser']);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/business', headers: employer, payload: { name: 'Restart Ltd' } }))
        .statusCode,
    ).toBe(200);
    const jobs: string[] = [];
    for (let i = 0; i < JOBS; i += 1) {
      const job = await ctx.app.inject({
        method: 'POST',
        url: '/business/jobs',
        headers: employer,
        payload: {
          title: `Job ${i}`,
          description: 'd',
          city: 'Leeds',
          postcode: 'LS1 1AA',
          jobType: 2,
          remote: false,
          salaryRateType: 1,
        },
      });
      expect(job.statusCode).toBe(200);
      jobs.push(job.json().id);
    }
    const candidates = await Promise.all(
      Array.from({ length: CANDIDATES }, async (_, i) => {
        const headers = await ctx.auth(randomUUID());
        const profile = {
          name: `Candidate ${i}`,
          email: `c${i}@example.test`,
          phoneNumber: '0777',
          postcode: 'M1 1AA',
        };
        expect(
          (await ctx.app.inject({ method: 'POST', url: '/candidate', headers, payload: profile })).statusCode,
        ).toBe(200);
        const body = multipart(`cv${i}.pdf`, tinyPdf(`Candidate ${i}`));
        const cv = await ctx.app.inject({
          method: 'POST',
          url: '/cvs',
          headers: { ...headers, ...body.headers },
          payload: body.payload,
        });
        expect(cv.statusCode).toBe(200);
        return { headers, cvId: cv.json().cvId as string };
      }),
    );

    const statuses = new Map<number, number>();
    const acknowledged: string[] = [];
    let retryAfterSeen = false;
    // Each candidate applies to every job in turn, coming back after a 503 as the portal would.
    const applyAll = async ({ headers, cvId }: (typeof candidates)[number]) => {
      for (const jobId of jobs) {
        for (let attempt = 0; ; attempt += 1) {
          const res = await ctx.app.inject({
            method: 'POST',
            url: '/job-applications',
            headers,
            payload: { jobId, cvId, readyToWork: true },
          });
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          if (res.statusCode === 503) {
            retryAfterSeen ||= Number(res.headers['retry-after']) > 0;
            if (attempt > 200) throw new Error('still unavailable after the restart');
            await new Promise((r) => setTimeout(r, 100));
            continue;
          }
          const body = res.json();
          // A commit whose answer was lost with the connection is "already applied" on the retry.
          if (res.statusCode === 200 && !body.isValidResponse && body.errors?.[0] === ALREADY_APPLIED) break;
          expect(res.statusCode, res.body).toBe(200);
          acknowledged.push(body.result.applicationId);
          break;
        }
      }
    };
    const applying = Promise.all(candidates.map(applyAll));
    const firstWave = Date.now() + 10_000;
    while (acknowledged.length < 10 && Date.now() < firstWave) await new Promise((r) => setTimeout(r, 10));
    await cluster.stop();
    await new Promise((r) => setTimeout(r, 3000));
    expect((await ctx.app.inject({ url: '/readyz' })).statusCode).toBe(503);
    await cluster.start();
    await applying;

    expect([...statuses.keys()].sort()).toEqual([200, 503]);
    expect(retryAfterSeen).toBe(true);
    expect((await ctx.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    const stored = await ctx.deps.database.db
      .selectFrom('job_applications')
      .select(['id', 'candidate_id', 'job_id'])
      .execute();
    expect(stored).toHaveLength(CANDIDATES * JOBS);
    const storedIds = new Set(stored.map((row) => row.id));
    expect(acknowledged.filter((id) => !storedIds.has(id))).toEqual([]);
  }, 90_000);
});
