import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '@careers/server-kit/testing';
import { startTestApp } from './helpers';

describe.each(databaseKinds())('identity platform on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    ctx = await startTestApp(kind);
  });
  afterAll(async () => ctx?.close());

  it('answers healthz and readyz once the database is reachable', async () => {
    expect((await ctx.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('runs the migrations against the real database', async () => {
    const tables = await ctx.deps.database.db.introspection.getTables();
    expect(tables.map((t) => t.name)).toContain('users');
  });

  it('echoes a given request id and makes one up otherwise', async () => {
    const given = await ctx.app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const made = await ctx.app.inject({ url: '/healthz', headers: { 'x-request-id': 'bad id <script>' } });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers unknown routes with problem details', async () => {
    const res = await ctx.app.inject({ url: '/no/such/route' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(res.json()).toMatchObject({ type: 'about:blank', title: 'Not Found', status: 404 });
  });

  it('serves an OpenAPI 3 document and its browsable docs', async () => {
    const doc = (await ctx.app.inject({ url: '/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/readyz']).toBeDefined();
    const docs = await ctx.app.inject({ url: '/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger');
  });

  it('exposes Prometheus metrics', async () => {
    await ctx.app.inject({ url: '/healthz' });
    const res = await ctx.app.inject({ url: '/metrics' });
    expect(res.body).toMatch(/http_requests_total\{method="GET",route="\/healthz",status="200"\} \d+/);
  });

  it('allows credentialed CORS for the portal origin only', async () => {
    const ok = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/healthz',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST' },
    });
    expect(ok.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(ok.headers['access-control-allow-credentials']).toBe('true');
    const evil = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/healthz',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sends security headers', async () => {
    const res = await ctx.app.inject({ url: '/healthz' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('keeps e-mails in the dev outbox in the embedded default only, for loopback clients only', async () => {
    await ctx.deps.mail.send({ to: 'a@example.com', subject: 'First', text: 't', html: '<p>t</p>', kind: 'test' });
    await ctx.deps.mail.send({ to: 'b@example.com', subject: 'Second', text: 't', html: '<p>t</p>', kind: 'test' });
    const res = await ctx.app.inject({ url: '/dev/outbox' });
    if (kind === 'postgres') {
      // A PostgreSQL database means a real deployment, even without SMTP_URL: no outbox to read codes from.
      expect(res.statusCode).toBe(404);
      return;
    }
    expect(
      res
        .json()
        .map((m: { subject: string }) => m.subject)
        .slice(0, 2),
    ).toEqual(['Second', 'First']);
    const remote = await ctx.app.inject({
      url: '/dev/outbox',
      remoteAddress: '203.0.113.7',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(remote.statusCode).toBe(404);
    expect(remote.body).not.toContain('Second');
  });

  it('serves /metrics to loopback peers only', async () => {
    expect((await ctx.app.inject({ url: '/metrics', remoteAddress: '203.0.113.7' })).statusCode).toBe(404);
  });
});

describe('identity behind a proxy with a metrics token', () => {
  it('hands /metrics to the token holder and believes X-Forwarded-For from one hop only', async () => {
    const token = 'metrics-token-'.padEnd(40, 'x');
    const ctx = await startTestApp('pglite', { METRICS_TOKEN: token, TRUST_PROXY: 'true' });
    try {
      expect((await ctx.app.inject({ url: '/metrics' })).statusCode).toBe(401);
      const scraped = await ctx.app.inject({
        url: '/metrics',
        remoteAddress: '10.0.0.2',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(scraped.statusCode).toBe(200);
      // Behind the load balancer the dev outbox stays closed even to a header that claims loopback.
      const outbox = await ctx.app.inject({
        url: '/dev/outbox',
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(outbox.statusCode).toBe(404);
    } finally {
      await ctx.close();
    }
  });
});

describe('the embedded default behind a proxy on the same host', () => {
  it('keeps the dev outbox closed to loopback peers: they are the proxy, carrying anyone', async () => {
    const ctx = await startTestApp('pglite', { TRUST_PROXY: 'loopback' });
    try {
      await ctx.deps.mail.send({
        to: 'a@example.com',
        subject: 'Code 123456',
        text: 't',
        html: '<p>t</p>',
        kind: 'test',
      });
      for (const remoteAddress of ['127.0.0.1', '::1']) {
        const outbox = await ctx.app.inject({ url: '/dev/outbox', remoteAddress });
        expect(outbox.statusCode).toBe(404);
        expect(outbox.body).not.toContain('123456');
      }
      expect((await ctx.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
    } finally {
      await ctx.close();
    }
  });
});

describe('identity with SMTP configured', () => {
  it('has no dev outbox route', async () => {
    const ctx = await startTestApp('pglite', { SMTP_URL: 'smtp://127.0.0.1:2525' });
    try {
      expect((await ctx.app.inject({ url: '/dev/outbox' })).statusCode).toBe(404);
    } finally {
      await ctx.close();
    }
  });
});
