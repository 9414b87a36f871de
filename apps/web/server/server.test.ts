// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildPortalServer } from './server';
import { parsePortalEnv } from './config';
import { precompressDir } from './precompress';

let dist: string;
const BIG_SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, index) => `word${index % 20}`))};\n`;
let app: FastifyInstance;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'portal-dist-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>Careers Portal</title><div id="root"></div>');
  await writeFile(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  await writeFile(join(dist, 'robots.txt'), 'User-agent: *\nAllow: /apply/\n');
  await writeFile(join(dist, 'assets', 'big-abc123.js'), BIG_SCRIPT);
  await writeFile(join(dist, 'assets', 'big-abc123.js.map'), '{"version":3}');
  await precompressDir(dist);
  const parsed = parsePortalEnv({
    IDENTITY_URL: 'https://id.example.com',
    CANDIDATE_URL: 'https://cand.example.com/',
    APP_ENVIRONMENT: 'Staging',
  });
  if (!parsed.ok) throw new Error(parsed.problems.join());
  app = await buildPortalServer({ ...parsed.config, distDir: dist });
});

/** Rewrites index.html with a clearly later modification time, as a rebuild does. */
let touches = 0;
async function touchIndex(html: string) {
  const file = join(dist, 'index.html');
  await writeFile(file, html);
  const later = new Date(Date.now() + 5000 * ++touches);
  await utimes(file, later, later);
}

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

  it.each(['/', '/account/login', '/account/reset/a%40b.com/tok/en', '/confirm/u1/t', '/apply/123', '/cvs'])(
    'answers %s with index.html (200, no-cache)',
    async (url) => {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    },
  );

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

  it('serves the precompressed copies the client accepts, with Vary: Accept-Encoding', async () => {
    const br = await app.inject({ url: '/assets/big-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary)).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_SCRIPT);

    const gz = await app.inject({ url: '/assets/big-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_SCRIPT);

    const plain = await app.inject({ url: '/assets/big-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
  });

  it('does not serve source maps', async () => {
    const map = await app.inject('/assets/big-abc123.js.map');
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('version');
  });

  it("names a landing page's chunks from the build manifest, which is not served", async () => {
    await mkdir(join(dist, '.vite'), { recursive: true });
    await writeFile(
      join(dist, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-abc123.js', isEntry: true },
        'src/app/routes/apply.tsx': { file: 'assets/apply-abc123.js', imports: ['index.html'] },
      }),
    );
    await touchIndex(
      '<!doctype html><html><head><title>Careers Portal</title></head><body><div id="root"></div></body></html>',
    );
    const apply = await app.inject('/apply/42');
    expect(apply.body).toContain('<link rel="modulepreload" crossorigin href="/assets/apply-abc123.js"></head>');
    const login = await app.inject('/profile');
    expect(login.body).not.toContain('modulepreload');
    // The dashboard's list waits for the candidate service: its connection is opened with the page's scripts.
    const applications = await app.inject('/applications');
    expect(applications.body).toContain('<link rel="preconnect" href="https://cand.example.com" crossorigin>');
    expect(login.body).not.toContain('preconnect');
    expect((await app.inject('/.vite/manifest.json')).statusCode).toBe(404);
  });

  it("starts /applications' data in its HTML: settings and early requests inline, named in the CSP, styles inline", async () => {
    await mkdir(join(dist, '.vite'), { recursive: true });
    await writeFile(join(dist, 'assets', 'dashboard-abc123.css'), '.dashboard{display:grid}');
    await writeFile(
      join(dist, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-abc123.js', isEntry: true },
        'src/app/layouts/dashboard-layout.tsx': {
          file: 'assets/dashboard-abc123.js',
          imports: ['index.html'],
          css: ['assets/dashboard-abc123.css'],
        },
      }),
    );
    await touchIndex(
      '<!doctype html><html><head><title>Careers Portal</title><script src="/config.js"></script></head><body><div id="root"></div></body></html>',
    );
    const page = await app.inject('/applications?page=2');
    expect(page.body).not.toContain('<script src="/config.js">');
    const inline = /<script>(window\.__PORTAL_CONFIG__ = [\s\S]*?)<\/script>/.exec(page.body)?.[1];
    expect(inline, 'one inline script: the settings, then the early requests').toBeDefined();
    expect(inline).toContain('"candidateBaseUrl": "https://cand.example.com"');
    expect(inline).toContain('__CAREERS_EARLY_ANSWERS__');
    const hash = `'sha256-${createHash('sha256').update(inline!).digest('base64')}'`;
    expect(page.headers['content-security-policy']).toContain(`script-src 'self' ${hash}`);
    expect(page.body).toContain('<style>.dashboard{display:grid}</style>');
    expect(page.body).toContain('<link rel="modulepreload" crossorigin href="/assets/dashboard-abc123.js">');
    // Other pages keep GET /config.js and the plain policy.
    const profile = await app.inject('/profile');
    expect(profile.body).toContain('<script src="/config.js"></script>');
    expect(profile.body).not.toContain('__CAREERS_EARLY_ANSWERS__');
    expect(profile.headers['content-security-policy']).not.toContain('sha256');
  });

  it('follows a rebuild: a changed index.html is served without a restart', async () => {
    await touchIndex(
      '<!doctype html><title>Careers Portal</title><div id="root"></div><script src="/assets/index-new.js"></script>',
    );
    const response = await app.inject('/account/login');
    expect(response.body).toContain('index-new.js');
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
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(response.headers['x-xss-protection']).toBe('0');
    // The PDF preview is an <object> of the candidate's own file (a blob: URL): nothing else may be embedded.
    expect(csp).toMatch(/object-src blob: https:\/\/cand\.example\.com(;|$)/);
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
      runtime: {
        identityBaseUrl: 'http://localhost:3001',
        candidateBaseUrl: 'http://localhost:3002',
        blobBaseUrl: 'http://localhost:3002/blobs',
        environment: 'Production',
      },
    });
  });

  it('serves the build named by PORTAL_DIST_DIR, relative to the working directory', () => {
    const parsed = parsePortalEnv({ PORTAL_DIST_DIR: 'some/build' });
    expect(parsed.ok && parsed.config.distDir).toBe(join(process.cwd(), 'some/build'));
    const fallback = parsePortalEnv({});
    expect(fallback.ok && fallback.config.distDir).toMatch(/apps[\\/]web[\\/]dist$/);
  });

  it("reports crawlers' fetches at the candidate service's private address, with a credential it never echoes", () => {
    const defaults = parsePortalEnv({ CANDIDATE_URL: 'https://api.example.com/', DATA_DIR: '/var/lib/careers' });
    expect(defaults.ok && defaults.config.crawlerReport).toEqual({
      candidateUrl: 'https://api.example.com',
      token: undefined,
      tokenFile: join('/var/lib/careers', 'internal-secrets', 'crawler-report.secret'),
    });
    const token = 'crawler-report-token-'.padEnd(40, 'x');
    const set = parsePortalEnv({ CANDIDATE_INTERNAL_URL: 'http://10.0.0.12:3002/', CRAWLER_REPORT_TOKEN: token });
    expect(set.ok && set.config.crawlerReport).toEqual({
      candidateUrl: 'http://10.0.0.12:3002',
      token,
      tokenFile: undefined,
    });
    const short = parsePortalEnv({ CRAWLER_REPORT_TOKEN: 'CHANGE-short-secret' });
    expect(short.ok).toBe(false);
    if (!short.ok) {
      expect(short.problems).toHaveLength(1);
      expect(short.problems[0]).toMatch(/^CRAWLER_REPORT_TOKEN: .*a hidden value/);
      expect(short.problems[0]).not.toContain('short-secret');
    }
  });

  it('lists every bad variable', () => {
    const parsed = parsePortalEnv({ WEB_PORT: 'abc', IDENTITY_URL: 'not a url', PUBLIC_BLOB_BASE_URL: 'ftp://x' });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.problems.map((problem) => problem.split(':')[0])).toEqual([
        'WEB_PORT',
        'IDENTITY_URL',
        'PUBLIC_BLOB_BASE_URL',
      ]);
    }
  });
});
