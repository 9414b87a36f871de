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
    expect(res.headers['content-type']).toMatch(/application\/json/);
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

  it('keeps e-mails in the dev outbox when no SMTP server is configured', async () => {
    await ctx.deps.mail.send({ to: 'a@example.com', subject: 'First', text: 't', html: '<p>t</p>', kind: 'test' });
    await ctx.deps.mail.send({ to: 'b@example.com', subject: 'Second', text: 't', html: '<p>t</p>', kind: 'test' });
    const list = (await ctx.app.inject({ url: '/dev/outbox' })).json();
    expect(list.map((m: { subject: string }) => m.subject).slice(0, 2)).toEqual(['Second', 'First']);
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
