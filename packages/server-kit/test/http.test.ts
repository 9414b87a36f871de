import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpApp, type App } from '../src/http';
import { illFormedText } from '../src/http/well-formed-text';
import { createLogger } from '../src/logger';
import { HttpProblem } from '../src/problem';
import { ConfigError, parseEnv, portSchema } from '../src/env';

describe('createHttpApp error handling', () => {
  let app: App;
  beforeAll(async () => {
    app = await createHttpApp({
      name: 'test',
      logger: createLogger('test', 'silent'),
      corsOrigins: ['http://localhost:3000'],
      ready: async () => {},
    });
    app.get('/boom', async () => {
      throw new Error('password=hunter2 at db.internal:5432');
    });
    app.post(
      '/echo',
      { schema: { body: z.object({ email: z.email(), age: z.number().int() }) } },
      async (req) => req.body,
    );
    app.get('/teapot', async () => {
      throw new HttpProblem(429, 'Slow down', { headers: { 'retry-after': '60' } });
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('sends the security headers on every answer, errors included', async () => {
    for (const res of [
      await app.inject({ url: '/healthz' }),
      await app.inject({ url: '/boom' }),
      await app.inject({ url: '/nowhere' }),
    ]) {
      expect(res.headers).toMatchObject({
        'content-security-policy': "default-src 'none';frame-ancestors 'none'",
        'cross-origin-resource-policy': 'cross-origin',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'referrer-policy': 'no-referrer',
      });
    }
  });

  it("answers the portal's preflight for an authorised GET, cacheable for 2 hours (docs/decisions/0466)", async () => {
    const res = await app.inject({
      method: 'OPTIONS',
      url: '/job-applications?page=1&pageSize=10',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(String(res.headers['access-control-allow-headers'])).toContain('Authorization');
    expect(res.headers['access-control-max-age']).toBe('7200');
  });

  it('never leaks the internals of a 5xx', async () => {
    const res = await app.inject({ url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('db.internal');
    expect(res.json()).toMatchObject({ status: 500, title: 'Internal Server Error' });
  });

  it('answers invalid input with 400 problem details naming each bad field', async () => {
    const res = await app.inject({ method: 'POST', url: '/echo', payload: { email: 'nope', age: 'x' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.title).toBe('Bad Request');
    expect(body.errors.join(' ')).toMatch(/email/);
    expect(body.errors.join(' ')).toMatch(/age/);
  });

  it('renders HttpProblem with its status and headers', async () => {
    const res = await app.inject({ url: '/teapot' });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('60');
    expect(res.json()).toMatchObject({ status: 429, detail: 'Slow down' });
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      payload: '{bad',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('hostile input at the shared boundary (docs/decisions/0131, 0132)', () => {
  let app: App;
  beforeAll(async () => {
    app = await createHttpApp({
      name: 'test',
      logger: createLogger('test', 'silent'),
      corsOrigins: [],
      ready: async () => {},
    });
    app.post(
      '/echo',
      { schema: { body: z.object({ name: z.string(), tags: z.array(z.string()).optional() }) } },
      async (req) => req.body,
    );
    app.get('/item/:id', { schema: { params: z.object({ id: z.string() }) } }, async (req) => req.params);
    app.get('/search', { schema: { querystring: z.object({ q: z.string() }) } }, async (req) => req.query);
    app.get('/teapot', async () => {
      throw new HttpProblem(409, 'Taken');
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => app.close());

  const expectProblem = (
    res: { statusCode: number; headers: Record<string, unknown>; body: string },
    status: number,
  ) => {
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(JSON.parse(res.body)).toMatchObject({ type: 'about:blank', title: expect.any(String), status });
  };

  it('sends problem details as application/problem+json: validation, HttpProblem, not found, bad JSON, too large', async () => {
    expectProblem(await app.inject({ method: 'POST', url: '/echo', payload: { name: 1 } }), 400);
    expectProblem(await app.inject({ url: '/teapot' }), 409);
    expectProblem(await app.inject({ url: '/nowhere' }), 404);
    expectProblem(
      await app.inject({
        method: 'POST',
        url: '/echo',
        payload: '{bad',
        headers: { 'content-type': 'application/json' },
      }),
      400,
    );
    expectProblem(
      await app.inject({
        method: 'POST',
        url: '/echo',
        payload: '<x/>',
        headers: { 'content-type': 'application/xml' },
      }),
      415,
    );
    expectProblem(
      await app.inject({
        method: 'POST',
        url: '/echo',
        payload: JSON.stringify({ name: 'x'.repeat(1024 * 1024) }),
        headers: { 'content-type': 'application/json' },
      }),
      413,
    );
    // Answers that are not problems keep their own type.
    expect((await app.inject({ method: 'POST', url: '/echo', payload: { name: 'a' } })).headers['content-type']).toBe(
      'application/json; charset=utf-8',
    );
  });

  it('answers a malformed URL and an overlong path parameter as problem details, with the security headers', async () => {
    const bad = await app.inject({ url: '/item/%ZZ' });
    expectProblem(bad, 400);
    expect(bad.headers['x-content-type-options']).toBe('nosniff');
    expect(bad.headers['x-request-id']).toBeTruthy();
    expectProblem(await app.inject({ url: `/item/${'x'.repeat(5000)}` }), 414);
  });

  it('refuses NUL and lone surrogates in bodies, queries and path parameters, naming the field', async () => {
    for (const [res, field] of [
      [await app.inject({ method: 'POST', url: '/echo', payload: { name: 'a\u0000b' } }), 'body.name'],
      [
        await app.inject({ method: 'POST', url: '/echo', payload: { name: 'ok', tags: ['fine', '\uD800'] } }),
        'body.tags[1]',
      ],
      [
        await app.inject({
          method: 'POST',
          url: '/echo',
          payload: '{"name":"ok","\\u0000":1}',
          headers: { 'content-type': 'application/json' },
        }),
        'body',
      ],
      [await app.inject({ url: '/search?q=%00' }), 'query.q'],
      [await app.inject({ url: '/item/a%00b' }), 'params.id'],
    ] as const) {
      expectProblem(res, 400);
      expect(res.json().errors).toEqual([`${field}: text must be valid Unicode without NUL characters`]);
    }
    // Well-formed text, astral characters and right-to-left marks included, passes.
    const fine = await app.inject({ method: 'POST', url: '/echo', payload: { name: '😀 \u202Eabc é' } });
    expect(fine.statusCode).toBe(200);
  });

  it('walks a body nested thousands deep without overflowing the stack', () => {
    let deep: unknown = '\u0000';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(illFormedText({ body: deep })).toMatch(/^body(\[0\]){100000}$/);
  });

  it('answers headers past the limit on a real socket with 431 problem details and goes on serving', async () => {
    const { port } = app.server.address() as AddressInfo;
    const res = await new Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }>(
      (resolve, reject) => {
        const req = http.request(
          { host: '127.0.0.1', port, path: '/healthz', headers: { 'x-padding': 'a'.repeat(64 * 1024) } },
          (answer) => {
            let body = '';
            answer.on('data', (chunk: Buffer) => (body += chunk.toString()));
            answer.on('end', () => resolve({ statusCode: answer.statusCode ?? 0, headers: answer.headers, body }));
          },
        );
        req.on('error', reject);
        req.end();
      },
    );
    expectProblem(res, 431);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const after = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(after.status).toBe(200);
  });
});

describe('parseEnv', () => {
  it('lists every bad variable at once', () => {
    const schema = z.object({ A_PORT: portSchema, B_URL: z.url(), C: z.string().default('x') });
    let error: unknown;
    try {
      parseEnv(schema, { A_PORT: 'seventy', B_URL: 'not a url' }, 'app');
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain('A_PORT');
    expect((error as Error).message).toContain('B_URL');
  });

  it('treats empty values as unset so defaults apply', () => {
    const schema = z.object({ C: z.string().default('fallback') });
    expect(parseEnv(schema, { C: '' }, 'app')).toEqual({ C: 'fallback' });
  });
});

describe('createHttpApp while it shuts down', () => {
  it('answers a request that arrives after closing began instead of refusing it with 503', async () => {
    const app = await createHttpApp({
      name: 'test',
      logger: createLogger('test', 'silent'),
      corsOrigins: [],
      ready: async () => {},
    });
    app.post('/apply', async () => ({ stored: true }));
    // Holds the shutdown between "closing" and the listener's close, where a balancer's connection can land.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let closingBegan!: () => void;
    const began = new Promise<void>((resolve) => (closingBegan = resolve));
    app.addHook('preClose', async () => {
      closingBegan();
      await held;
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const closed = app.close();
    await began;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port, method: 'POST', path: '/apply', headers: { 'content-type': 'application/json' } },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end('{}');
    });
    release();
    await closed;
    expect(answer).toEqual({ status: 200, body: '{"stored":true}' });
  });
});
