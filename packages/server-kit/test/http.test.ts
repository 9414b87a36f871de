import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createHttpApp, type App } from '../src/http';
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
    app.post('/echo', { schema: { body: z.object({ email: z.email(), age: z.number().int() }) } }, async (req) => req.body);
    app.get('/teapot', async () => {
      throw new HttpProblem(429, 'Slow down', { headers: { 'retry-after': '60' } });
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('sends the security headers on every answer, errors included', async () => {
    for (const res of [await app.inject({ url: '/healthz' }), await app.inject({ url: '/boom' }), await app.inject({ url: '/nowhere' })]) {
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
    const res = await app.inject({ method: 'POST', url: '/echo', payload: '{bad', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
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
