import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpApp, type App, type HttpAppOptions } from '../src/http';
import { createLogger } from '../src/logger';
import { redactUrl } from '../src/redact';
import { parseEnv, trustProxySchema } from '../src/env';
import { z } from 'zod';

const apps: App[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function makeApp(options: Partial<HttpAppOptions> = {}): Promise<App> {
  const app = await createHttpApp({
    name: 'test',
    logger: createLogger('test', 'silent'),
    corsOrigins: [],
    ready: async () => {},
    ...options,
  });
  app.get('/whoami', async (request) => ({ ip: request.ip }));
  apps.push(app);
  await app.ready();
  return app;
}

const trustProxy = (value: string) =>
  parseEnv(z.object({ TRUST_PROXY: trustProxySchema }), { TRUST_PROXY: value }, 'test').TRUST_PROXY;

describe('TRUST_PROXY', () => {
  it('parses false, a hop count, true as one hop, and proxy addresses; refuses anything else', () => {
    expect(trustProxy('false')).toBe(false);
    expect(trustProxy('2')).toBe(2);
    expect(trustProxy('true')).toBe(1);
    expect(trustProxy('10.0.0.0/8, 192.168.1.7,::1,loopback')).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1',
      'loopback',
    ]);
    expect(() => trustProxy('everyone')).toThrow(/TRUST_PROXY/);
    expect(() => trustProxy('10.0.0.0/40')).toThrow(/10\.0\.0\.0\/40/);
    expect(() => trustProxy('50')).toThrow(/TRUST_PROXY/);
  });

  const forged = { 'x-forwarded-for': '1.2.3.4, 203.0.113.7' };

  it('ignores X-Forwarded-For by default', async () => {
    const app = await makeApp();
    const res = await app.inject({ url: '/whoami', remoteAddress: '198.51.100.9', headers: forged });
    expect(res.json().ip).toBe('198.51.100.9');
  });

  it('with one hop, takes the address the load balancer appended and nothing the client wrote before it', async () => {
    const app = await makeApp({ trustProxy: 1 });
    // The client forged "1.2.3.4"; the load balancer at 10.0.0.2 appended the real peer 203.0.113.7.
    const res = await app.inject({ url: '/whoami', remoteAddress: '10.0.0.2', headers: forged });
    expect(res.json().ip).toBe('203.0.113.7');
  });

  it('with proxy addresses, believes the header only from those proxies', async () => {
    const app = await makeApp({ trustProxy: ['10.0.0.0/8'] });
    const viaProxy = await app.inject({ url: '/whoami', remoteAddress: '10.0.0.2', headers: forged });
    expect(viaProxy.json().ip).toBe('203.0.113.7');
    const direct = await app.inject({ url: '/whoami', remoteAddress: '198.51.100.9', headers: forged });
    expect(direct.json().ip).toBe('198.51.100.9');
  });
});

describe('/metrics', () => {
  it('answers loopback peers only when no token is set and no proxy is in front, whatever X-Forwarded-For says', async () => {
    const app = await makeApp();
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/metrics/' })).statusCode).toBe(200);
    const remote = await app.inject({
      url: '/metrics',
      remoteAddress: '203.0.113.7',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(remote.statusCode).toBe(404);
    expect(remote.body).not.toContain('process_cpu');
  });

  // A proxy on the same host makes every stranger's request come from 127.0.0.1.
  it.each([[1], [['loopback']], [['10.0.0.10']]] as const)(
    'behind a proxy (TRUST_PROXY %j) never trusts a loopback peer alone: 404 without a token',
    async (trustProxy) => {
      const app = await makeApp({ trustProxy: trustProxy as HttpAppOptions['trustProxy'] });
      for (const url of ['/metrics', '/metrics/', '/metrics?x=1']) {
        const res = await app.inject({ url, remoteAddress: '127.0.0.1' });
        expect(res.statusCode, url).toBe(404);
        expect(res.body).not.toContain('process_cpu');
      }
      expect((await app.inject({ url: '/metrics', remoteAddress: '::1' })).statusCode).toBe(404);
    },
  );

  it('behind a proxy asks the loopback peer for the bearer token too', async () => {
    const token = 'm'.repeat(40);
    const app = await makeApp({ trustProxy: ['loopback'], metricsToken: token });
    expect((await app.inject({ url: '/metrics/', remoteAddress: '127.0.0.1' })).statusCode).toBe(401);
    const ok = await app.inject({
      url: '/metrics',
      remoteAddress: '127.0.0.1',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('asks for the bearer token when one is set, from anywhere', async () => {
    const token = 'm'.repeat(40);
    const app = await makeApp({ metricsToken: token });
    const none = await app.inject({ url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ status: 401 });
    expect(
      (await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${'x'.repeat(40)}` } })).statusCode,
    ).toBe(401);
    const ok = await app.inject({
      url: '/metrics',
      remoteAddress: '203.0.113.7',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('process_cpu');
  });
});

describe('a dependency that is down', () => {
  it('answers 503 problem details with Retry-After instead of 500', async () => {
    const app = await createHttpApp({
      name: 'test',
      logger: createLogger('test', 'silent'),
      corsOrigins: [],
      ready: async () => {},
    });
    apps.push(app);
    app.get('/needs-db', async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 10.1.2.3:5432'), { code: 'ECONNREFUSED' });
    });
    await app.ready();
    const res = await app.inject({ url: '/needs-db' });
    expect(res.statusCode).toBe(503);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json()).toMatchObject({ type: 'about:blank', status: 503, title: 'Service Unavailable' });
    expect(res.body).not.toContain('10.1.2.3');
  });

  it('makes /readyz say not ready within a few seconds when a check hangs', async () => {
    const app = await makeApp({ ready: () => new Promise<void>(() => undefined) });
    const started = Date.now();
    const res = await app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBeDefined();
    expect(Date.now() - started).toBeLessThan(4000);
  });
});

describe('request logs', () => {
  it('redact credentials in query strings and keep the rest', () => {
    expect(redactUrl('/cvs/abc/preview?token=s3cr3t&x=1')).toBe('/cvs/abc/preview?token=[redacted]&x=1');
    expect(redactUrl('/api/account/confirm?UserId=u1&Token=s3cr3t&Email=a%40b.c')).toBe(
      '/api/account/confirm?UserId=u1&Token=[redacted]&Email=a%40b.c',
    );
    expect(redactUrl('/jobs?page=2')).toBe('/jobs?page=2');
  });

  it('redact the token of a calendar feed address, which sits in the path', () => {
    expect(redactUrl('/interview-feeds/AbC_d-0123456789.ics')).toBe('/interview-feeds/[redacted]');
    expect(redactUrl('/Interview-Feeds/AbC/x.ics?token=s3cr3t')).toBe('/interview-feeds/[redacted]?token=[redacted]');
  });

  it('never carry a link token in the logged URL', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = await makeApp({ logger: createLogger('test', 'info', sink) });
    await app.inject({ url: '/whoami?token=preview-s3cr3t&Token=confirm-s3cr3t' });
    const log = lines.join('');
    expect(log).toContain('/whoami?token=[redacted]');
    expect(log).not.toContain('s3cr3t');
  });
});
