/**
 * deploy/nginx/careers.conf.template rendered and run by Debian's nginx in front of the portal's server
 * and the services' HTTP plumbing (server-kit's createHttpApp, which serves /metrics in both services),
 * each behind it as deployed: TRUST_PROXY=loopback and a METRICS_TOKEN. What a stranger can reach through
 * it, and what its access log keeps.
 */
import type { ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpApp } from '@careers/server-kit/http';
import { createLogger } from '@careers/server-kit/logger';
import { buildPortalServer } from '../../apps/web/server/server';
import { parsePortalEnv } from '../../apps/web/server/config';
import { call, renderNginxTemplate, sleep, spawnNginx, writeNginxMainConfig } from '../support/cluster';
import { freePort } from '../support/stack';
import { WAIT_MS } from '../support/waits';

const METRICS_TOKEN = 'operator-metrics-token-'.padEnd(48, 'x');
const PARTS = ['portal', 'identity', 'candidate'] as const;
type Part = (typeof PARTS)[number];

let workDir: string;
let nginx: ChildProcess | undefined;
const backends: FastifyInstance[] = [];
const ports = {} as Record<Part | 'redirect', number>;
const backendPorts = {} as Record<Part, number>;
const url = (part: Part | 'redirect', pathAndQuery: string) => `http://127.0.0.1:${ports[part]}${pathAndQuery}`;

async function serviceBackend(name: string): Promise<FastifyInstance> {
  const app = await createHttpApp({
    name,
    logger: createLogger(name, 'silent'),
    corsOrigins: [],
    ready: async () => {},
    trustProxy: ['loopback'],
    metricsToken: METRICS_TOKEN,
  });
  return app;
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'careers-nginx-'));
  chmodSync(workDir, 0o755);
  const dist = path.join(workDir, 'dist');
  mkdirSync(dist);
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Careers Portal</title><div id="root"></div>');
  const parsed = parsePortalEnv({
    CANDIDATE_URL: 'http://127.0.0.1:9',
    TRUST_PROXY: 'loopback',
    METRICS_TOKEN,
  });
  if (!parsed.ok) throw new Error(parsed.problems.join());
  const apps: Record<Part, FastifyInstance> = {
    portal: await buildPortalServer({ ...parsed.config, distDir: dist }, { renderApplyPage: null }),
    identity: await serviceBackend('identity'),
    candidate: await serviceBackend('candidate'),
  };
  // The job feeds are the candidate service's (decision 0381): it names itself in the answer.
  for (const feed of ['/feeds/jobs.xml', '/feeds/jobs.json', '/careers/:slug/jobs.xml'])
    apps.candidate.get(feed, async () => ({ answeredBy: 'candidate' }));
  for (const part of PARTS) {
    backends.push(apps[part]);
    await apps[part].listen({ host: '127.0.0.1', port: 0 });
    backendPorts[part] = (apps[part].server.address() as AddressInfo).port;
    ports[part] = await freePort();
  }
  ports.redirect = await freePort();

  const nginxDir = path.join(workDir, 'nginx');
  for (const sub of ['', 'client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(path.join(nginxDir, sub), { recursive: true });
    chmodSync(path.join(nginxDir, sub), 0o777);
  }
  const upstream = (part: Part) => `  server 127.0.0.1:${backendPorts[part]};`;
  writeFileSync(
    path.join(nginxDir, 'careers.conf'),
    renderNginxTemplate({
      PORTAL_SERVERS: upstream('portal'),
      IDENTITY_SERVERS: upstream('identity'),
      CANDIDATE_SERVERS: upstream('candidate'),
      PORTAL_LISTEN: `127.0.0.1:${ports.portal}`,
      IDENTITY_LISTEN: `127.0.0.1:${ports.identity}`,
      CANDIDATE_LISTEN: `127.0.0.1:${ports.candidate}`,
      REDIRECT_LISTEN: `127.0.0.1:${ports.redirect}`,
      PORTAL_HOST: 'careers.example.com',
      IDENTITY_HOST: 'id.careers.example.com',
      CANDIDATE_HOST: 'api.careers.example.com',
      TLS: '# plain HTTP on loopback in the test',
      ACCESS_LOG: `${nginxDir}/careers.access.log`,
      EXTRA_HTTP: '',
    }),
  );
  // As Debian's nginx.conf: an http-level access log in the default format, which the template's own
  // server-level logs must replace (nginx inherits an access_log only where a level sets none).
  writeNginxMainConfig(nginxDir, { workerConnections: 64, accessLog: `${nginxDir}/default.access.log` });
  let output = '';
  nginx = spawnNginx(nginxDir);
  nginx.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited (${nginx.exitCode}): ${output}`);
    const up = await fetch(url('portal', '/healthz')).then(
      (res) => res.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`nginx did not answer in time: ${output}`);
    await sleep(100);
  }
});

afterAll(async () => {
  if (nginx && nginx.exitCode === null && nginx.signalCode === null) {
    const exited = new Promise((resolve) => nginx?.once('exit', resolve));
    nginx.kill('SIGQUIT');
    await exited;
  }
  await Promise.all(backends.map((app) => app.close()));
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

const bearer = { authorization: `Bearer ${METRICS_TOKEN}` };

describe('deploy/nginx template, run by nginx', () => {
  // Every service routes /metrics/ to /metrics (ignoreTrailingSlash); nginx decodes and merges slashes
  // before it matches a location, the instance receives the path as sent.
  const operatorPaths = [
    '/metrics',
    '/metrics/',
    '/metrics?name[]=x',
    '/%6Detrics',
    '//metrics',
    '/./metrics/',
    '/dev/outbox',
    '/dev/outbox/',
    '/%64ev/outbox',
    // Calls between the services (decision 0351) go to the instances' private addresses, never through here.
    '/internal/team-removals',
    '/%69nternal/team-removals',
    '//internal/team-removals',
    // The portal's server's crawler reports (decision 0514), likewise.
    '/internal/jobs/6f1c2a9e-1111-4222-8333-944445555666/crawler-fetches',
    '/%69nternal/jobs/6f1c2a9e-1111-4222-8333-944445555666/crawler-fetches',
  ];

  it.each(PARTS)(
    'refuses the /metrics prefix, /dev/ and /internal/ on the %s host, even with the operator token',
    async (part) => {
      for (const pathAndQuery of operatorPaths) {
        const res = await call(url(part, pathAndQuery), { headers: bearer });
        expect(res.status, `${part} ${pathAndQuery}`).toBe(404);
        // Answered by nginx itself: every instance stamps X-Request-Id on what it sends.
        expect(res.headers['x-request-id'], `${part} ${pathAndQuery}`).toBeUndefined();
        expect(res.text()).not.toContain('process_cpu');
      }
      // Everything else still goes through.
      expect((await call(url(part, '/healthz'))).status).toBe(200);
    },
  );

  it.each(PARTS)(
    'refuses a crawler report posted from outside to the %s host, even with the credential',
    async (part) => {
      const res = await call(url(part, '/internal/jobs/6f1c2a9e-1111-4222-8333-944445555666/crawler-fetches'), {
        token: 'crawler-report-token-'.padEnd(48, 'x'),
        json: { userAgent: 'Googlebot/2.1' },
      });
      expect(res.status).toBe(404);
      expect(res.headers['x-request-id']).toBeUndefined();
    },
  );

  it.each(PARTS)('leaves the %s instance itself trusting no loopback peer: the token is needed', async (part) => {
    const direct = `http://127.0.0.1:${backendPorts[part]}/metrics`;
    expect((await call(direct)).status).toBe(401);
    const scraped = await call(direct, { headers: bearer });
    expect(scraped.status).toBe(200);
    expect(scraped.text()).toContain('process_cpu');
  });

  it("sends the portal address's job feeds straight to the candidate service, the rest to the portal", async () => {
    for (const feed of ['/feeds/jobs.xml?board=adzuna', '/feeds/jobs.json', '/careers/bean-co/jobs.xml']) {
      const res = await fetch(url('portal', feed));
      expect(res.status, feed).toBe(200);
      expect(await res.json()).toEqual({ answeredBy: 'candidate' });
    }
    // The careers page itself stays the portal's.
    const page = await fetch(url('portal', '/careers/bean-co'));
    expect(await page.text()).not.toContain('answeredBy');
  });

  it('sends plain HTTP to https, path and query kept', async () => {
    const res = await call(url('redirect', '/apply/42?utm_source=board'), { headers: { host: 'careers.example.com' } });
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('https://careers.example.com/apply/42?utm_source=board');
  });

  it('keeps no link token in its access log, nor in the default one it replaces', async () => {
    const tokens = Array.from({ length: 10 }, (_, i) => `Tok${i}n${'q'.repeat(20)}`);
    const uid = '6f1c2a9e-1111-4222-8333-944445555666';
    await call(url('portal', `/account/reset/ada%40example.com/${tokens[0]}`));
    await call(url('portal', `/confirm/${uid}/${tokens[1]}`));
    await call(url('portal', `/account/undo-email-change/${tokens[2]}`));
    await call(url('portal', `/unsubscribe?token=${tokens[3]}`));
    await call(url('candidate', `/cvs/${uid}/preview?token=${tokens[4]}`));
    await call(url('candidate', `/status-emails/unsubscribe?token=${tokens[5]}`), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    // A page opened from a link sends its address as the Referer of what it loads.
    await call(url('portal', '/assets/index.js'), {
      headers: { referer: `https://careers.example.com/account/undo-email-change/${tokens[6]}` },
    });
    await call(url('redirect', `/account/reset/ada%40example.com/${tokens[7]}`), {
      headers: { host: 'careers.example.com' },
    });
    await call(url('portal', `/Account/Reset/ada%40example.com/${tokens[8]}`));
    // A calendar subscribed to an interviewer's feed asks for it again and again, its token in the path.
    await call(url('candidate', `/interview-feeds/${tokens[9]}.ics`));

    const logFile = path.join(workDir, 'nginx', 'careers.access.log');
    // nginx writes each line as the request ends; give the last one a moment.
    await expect.poll(() => readFileSync(logFile, 'utf8').split('\n').length, { timeout: WAIT_MS }).toBeGreaterThan(10);
    const log = readFileSync(logFile, 'utf8');
    for (const token of tokens) expect(log).not.toContain(token);
    expect(log).not.toContain('ada%40example.com');
    expect(log).toContain('"GET /account/reset/[redacted] HTTP/1.1" 200');
    expect(log).toContain(`"GET /confirm/${uid}/[redacted] HTTP/1.1"`);
    expect(log).toContain('"GET /account/undo-email-change/[redacted] HTTP/1.1"');
    expect(log).toContain('"GET /unsubscribe?[query removed] HTTP/1.1"');
    expect(log).toContain('"POST /status-emails/unsubscribe?[query removed] HTTP/1.1"');
    expect(log).toContain('"GET /interview-feeds/[redacted] HTTP/1.1"');
    expect(log).toContain('"https://careers.example.com"');
    const defaultLog = path.join(workDir, 'nginx', 'default.access.log');
    expect(existsSync(defaultLog) ? readFileSync(defaultLog, 'utf8') : '').toBe('');
  });
});
