import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '@careers/server-kit/testing';
import { startTestApp, uniqueEmail, type TestApp } from './helpers';

// Per-client limits count the client the load balancer saw, whatever the client wrote in X-Forwarded-For.
describe.each(databaseKinds())('per-client limits behind a load balancer on %s', (kind) => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await startTestApp(kind, {
      TRUST_PROXY: '10.0.0.0/8',
      RATE_LIMIT_LOOKUPS_PER_IP: '3',
      RATE_LIMIT_LOOKUPS_PER_EMAIL: '1000',
    });
  });
  afterAll(async () => ctx?.close());

  const lookup = (realClient: string, forged: string, via = '10.0.0.2') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/account/can-log-in',
      remoteAddress: via,
      // The client sent "forged"; the load balancer appended the address it accepted the connection from.
      headers: { 'x-forwarded-for': `${forged}, ${realClient}` },
      payload: { email: uniqueEmail('probe') },
    });

  it('keeps counting the real client when every request forges a new address', async () => {
    for (let i = 0; i < 3; i += 1) expect((await lookup('203.0.113.7', `198.51.100.${i}`)).statusCode).toBe(404);
    const limited = await lookup('203.0.113.7', '198.51.100.99');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another client behind the same load balancer is not affected.
    expect((await lookup('203.0.113.8', '203.0.113.7')).statusCode).toBe(404);
  });

  it('ignores the header from a client that reaches the service directly', async () => {
    for (let i = 0; i < 3; i += 1)
      expect((await lookup('192.0.2.1', `192.0.2.${10 + i}`, '198.51.100.50')).statusCode).toBe(404);
    expect((await lookup('192.0.2.2', '192.0.2.99', '198.51.100.50')).statusCode).toBe(429);
  });
});
