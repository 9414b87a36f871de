/**
 * deploy/nginx/careers.conf.template as production runs it (docs/operations.md): TLS ends at nginx and the
 * listeners say `ssl http2`, so a phone fetches the portal's many small scripts and its calls to a service
 * over one connection each instead of six at a time over HTTP/1.1 (docs/decisions/0467). Rendered with a
 * throw-away self-signed certificate and run by Debian's nginx in front of the portal's server.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http2 from 'node:http2';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPortalServer } from '../../apps/web/server/server';
import { parsePortalEnv } from '../../apps/web/server/config';
import { renderNginxTemplate, sleep, spawnNginx, writeNginxMainConfig } from '../support/cluster';
import { freePort } from '../support/stack';

const TEMPLATE = path.join(import.meta.dirname, '../../deploy/nginx/careers.conf.template');
let workDir: string;
let nginx: ChildProcess | undefined;
let portal: FastifyInstance;
let port: number;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'careers-nginx-h2-'));
  chmodSync(workDir, 0o755);
  const dist = path.join(workDir, 'dist');
  mkdirSync(dist);
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Careers Portal</title><div id="root"></div>');
  const parsed = parsePortalEnv({ CANDIDATE_URL: 'http://127.0.0.1:9' });
  if (!parsed.ok) throw new Error(parsed.problems.join());
  portal = await buildPortalServer({ ...parsed.config, distDir: dist }, { renderApplyPage: null });
  await portal.listen({ host: '127.0.0.1', port: 0 });
  const backend = `  server 127.0.0.1:${(portal.server.address() as AddressInfo).port};`;

  const nginxDir = path.join(workDir, 'nginx');
  for (const sub of ['', 'client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(path.join(nginxDir, sub), { recursive: true });
    chmodSync(path.join(nginxDir, sub), 0o777);
  }
  const made = spawnSync('openssl', [
    ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=careers.example.com'],
    ...['-keyout', path.join(nginxDir, 'privkey.pem'), '-out', path.join(nginxDir, 'fullchain.pem')],
  ]);
  if (made.status !== 0) throw new Error(`openssl: ${made.stderr.toString()}`);
  // The production listen value the template's own header gives ("443 ssl http2"), on loopback ports.
  const listen = /each \*_LISTEN is "443 ([^"]+)"/.exec(readFileSync(TEMPLATE, 'utf8'))?.[1];
  if (!listen) throw new Error(`${TEMPLATE} names no production listen value`);
  port = await freePort();
  const [identityPort, candidatePort, redirectPort] = [await freePort(), await freePort(), await freePort()];
  writeFileSync(
    path.join(nginxDir, 'careers.conf'),
    renderNginxTemplate({
      PORTAL_SERVERS: backend,
      IDENTITY_SERVERS: backend,
      CANDIDATE_SERVERS: backend,
      PORTAL_LISTEN: `127.0.0.1:${port} ${listen}`,
      IDENTITY_LISTEN: `127.0.0.1:${identityPort} ${listen}`,
      CANDIDATE_LISTEN: `127.0.0.1:${candidatePort} ${listen}`,
      REDIRECT_LISTEN: `127.0.0.1:${redirectPort}`,
      PORTAL_HOST: 'careers.example.com',
      IDENTITY_HOST: 'id.careers.example.com',
      CANDIDATE_HOST: 'api.careers.example.com',
      TLS: `ssl_certificate ${nginxDir}/fullchain.pem; ssl_certificate_key ${nginxDir}/privkey.pem; ssl_protocols TLSv1.2 TLSv1.3;`,
      ACCESS_LOG: `${nginxDir}/careers.access.log`,
      EXTRA_HTTP: '',
    }),
  );
  writeNginxMainConfig(nginxDir, { workerConnections: 64 });
  let output = '';
  nginx = spawnNginx(nginxDir);
  nginx.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited (${nginx.exitCode}): ${output}`);
    if ((await overHttp1('/healthz').catch(() => 0)) === 200) break;
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
  await portal?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** The status of a GET over HTTPS and HTTP/1.1 (a client that offers no HTTP/2). */
function overHttp1(pathname: string): Promise<number> {
  return new Promise((resolve, reject) => {
    https
      .get({ host: '127.0.0.1', port, path: pathname, rejectUnauthorized: false }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on('error', reject);
  });
}

describe('deploy/nginx template with TLS, as production runs it', () => {
  it('answers the portal over HTTP/2, several requests on one connection', async () => {
    const session = http2.connect(`https://127.0.0.1:${port}`, { rejectUnauthorized: false });
    try {
      await new Promise<void>((resolve, reject) => session.once('connect', () => resolve()).once('error', reject));
      expect(session.alpnProtocol).toBe('h2');
      const get = (pathname: string) =>
        new Promise<{ status: number; body: string }>((resolve, reject) => {
          const stream = session.request({ ':path': pathname, ':authority': 'careers.example.com' });
          let status = 0;
          let body = '';
          stream.on('response', (headers) => (status = Number(headers[':status'])));
          stream.setEncoding('utf8');
          stream.on('data', (chunk: string) => (body += chunk));
          stream.on('end', () => resolve({ status, body }));
          stream.on('error', reject);
        });
      const answers = await Promise.all(['/applications', '/healthz', '/config.js'].map(get));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
      expect(answers[0]!.body).toContain('<div id="root">');
    } finally {
      session.close();
    }
  });

  it('still answers a client without HTTP/2 over HTTP/1.1', async () => {
    expect(await overHttp1('/applications')).toBe(200);
  });
});
