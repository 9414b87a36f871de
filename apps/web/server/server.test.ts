// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildPortalServer } from './server';
import { parsePortalEnv } from './config';

let dist: string;
let app: FastifyInstance;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'portal-dist-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>Careers Portal</title><div id="root"></div>');
  await writeFile(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  await writeFile(join(dist, 'robots.txt'), 'User-agent: *\nAllow: /apply/\n');
  const parsed = parsePortalEnv({ IDENTITY_URL: 'https://id.example.com', CANDIDATE_URL: 'https://cand.example.com/', APP_ENVIRONMENT: 'Staging' });
  if (!parsed.ok) throw new Error(parsed.problems.join());
  app = await buildPortalServer({ ...parsed.config, distDir: dist });
});

afterAll(async () => {
  await app.close();
  await rm(dist, { recursive: true, force: true });
});

describe('portal server', () => {
  it('serves /config.js with the run-time settings, no-cache', async () => {
    const response = await app.inject('/config.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/javascript');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(
      'window.__PORTAL_CONFIG__ = {"identityBaseUrl": "https://id.example.com", "candidateBaseUrl": "https://cand.example.com", "blobBaseUrl": "https://cand.example.com/blobs", "environment": "Staging"};\n',
    );
  });

  it.each(['/', '/account/login', '/account/reset/a%40b.com/tok/en', '/confirm/u1/t', '/apply/123', '/cvs'])('answers %s with index.html (200, no-cache)', async (url) => {
    const response = await app.inject(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root">');
  });

  it('answers unknown pages with index.html and 404, missing assets with a plain 404', async () => {
    const page = await app.inject('/no/such/page?x=1');
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('<div id="root">');
    const asset = await app.inject('/assets/missing.js');
    expect(asset.statusCode).toBe(404);
    expect(asset.body).not.toContain('<div id="root">');
  });

  it('caches hashed assets for a year and serves robots.txt', async () => {
    const asset = await app.inject('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const robots = await app.inject('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain('User-agent');
  });

  it('sends security headers with the services in the CSP', async () => {
    const response = await app.inject('/account/login');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("connect-src 'self' https://id.example.com https://cand.example.com");
    expect(csp).toContain("img-src 'self' data: blob: https://cand.example.com");
    expect(csp).toContain('frame-src');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('answers /healthz', async () => {
    const response = await app.inject('/healthz');
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('portal config', () => {
  it('uses the defaults', () => {
    const parsed = parsePortalEnv({});
    expect(parsed.ok && parsed.config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      runtime: { identityBaseUrl: 'http://localhost:3001', candidateBaseUrl: 'http://localhost:3002', blobBaseUrl: 'http://localhost:3002/blobs', environment: 'Production' },
    });
  });

  it('lists every bad variable', () => {
    const parsed = parsePortalEnv({ WEB_PORT: 'abc', IDENTITY_URL: 'not a url', PUBLIC_BLOB_BASE_URL: 'ftp://x' });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.problems.map((problem) => problem.split(':')[0])).toEqual(['WEB_PORT', 'IDENTITY_URL', 'PUBLIC_BLOB_BASE_URL']);
    }
  });
});
