// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { metricSample } from '@careers/server-kit/metrics';
import { buildPortalServer } from './server';
import { parsePortalEnv } from './config';

let dist: string;
let base: string;
const apps: FastifyInstance[] = [];

async function portal(env: Record<string, string> = {}): Promise<FastifyInstance> {
  const parsed = parsePortalEnv({ CANDIDATE_URL: 'http://127.0.0.1:9', ...env });
  if (!parsed.ok) throw new Error(parsed.problems.join());
  // No renderer: the apply page is the plain index.html, as when the candidate service is away.
  const app = await buildPortalServer({ ...parsed.config, distDir: dist }, { renderApplyPage: null });
  apps.push(app);
  return app;
}

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'portal-metrics-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>Careers Portal</title><div id="root"></div>');
  await writeFile(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  base = await (await portal()).listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await rm(dist, { recursive: true, force: true });
});

describe('portal server /metrics', () => {
  it('counts requests and latency by route pattern after real calls', async () => {
    const scrape = async () => (await fetch(`${base}/metrics`)).text();
    const before = await scrape();
    const jobId = '0b6f8a52-5d0e-4b59-9d8c-0f3b1f6f1a11';
    expect((await fetch(`${base}/apply/${jobId}`)).status).toBe(200);
    expect((await fetch(`${base}/assets/index-abc123.js`)).status).toBe(200);
    expect((await fetch(`${base}/no-such-page/42`)).status).toBe(404);
    const after = await scrape();
    const moved = (name: string, labels: Record<string, string>) =>
      metricSample(after, name, labels) - metricSample(before, name, labels);
    expect(moved('http_requests_total', { method: 'GET', route: '/apply/:jobId', status: '200' })).toBe(1);
    expect(moved('http_request_duration_seconds_count', { method: 'GET', route: '/apply/:jobId' })).toBe(1);
    expect(moved('http_requests_total', { method: 'GET', route: '/*', status: '200' })).toBe(1);
    expect(moved('http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
    expect(after).not.toContain(jobId);
    expect(after).not.toContain('no-such-page');
    expect(after).toContain('process_resident_memory_bytes');
  });

  it('is for operators only: 404 to a remote peer without a token, the bearer token with one', async () => {
    const open = await portal();
    expect((await open.inject({ url: '/metrics', remoteAddress: '203.0.113.7' })).statusCode).toBe(404);
    const token = 'portal-metrics-'.padEnd(40, 'x');
    const guarded = await portal({ METRICS_TOKEN: token });
    expect((await guarded.inject({ url: '/metrics' })).statusCode).toBe(401);
    const ok = await guarded.inject({
      url: '/metrics',
      remoteAddress: '203.0.113.7',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('http_requests_total');
  });

  it('behind a proxy (TRUST_PROXY set) answers no loopback peer without the token', async () => {
    for (const trust of ['loopback', '1', '10.0.0.10']) {
      const proxied = await portal({ TRUST_PROXY: trust });
      for (const url of ['/metrics', '/metrics/'])
        expect((await proxied.inject({ url, remoteAddress: '127.0.0.1' })).statusCode, `${trust} ${url}`).toBe(404);
    }
    const token = 'portal-metrics-'.padEnd(40, 'x');
    const guarded = await portal({ TRUST_PROXY: 'loopback', METRICS_TOKEN: token });
    const ok = await guarded.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(ok.statusCode).toBe(200);
    // Without a proxy in front, the machine's own scraper still reads it.
    expect((await (await portal({ TRUST_PROXY: 'false' })).inject({ url: '/metrics' })).statusCode).toBe(200);
  });

  it('refuses a short token without printing it', () => {
    const parsed = parsePortalEnv({ METRICS_TOKEN: 'short-secret' });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.problems.join()).toContain('METRICS_TOKEN');
      expect(parsed.problems.join()).not.toContain('short-secret');
    }
  });
});
