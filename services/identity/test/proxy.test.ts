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

// One subscriber holds a whole IPv6 /64: every address in it is the same client (IPV6_CLIENT_PREFIX).
describe.each(databaseKinds())('IPv6 clients behind a load balancer on %s', (kind) => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await startTestApp(kind, {
      TRUST_PROXY: '10.0.0.0/8',
      RATE_LIMIT_LOOKUPS_PER_IP: '100',
      RATE_LIMIT_LOOKUPS_PER_EMAIL: '1000',
    });
  });
  afterAll(async () => ctx?.close());

  const lookup = (client: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/account/can-log-in',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': client },
      payload: { email: uniqueEmail('probe') },
    });

  it('counts 100 addresses of one /64 as one client; the next address of it is refused, another /64 is not', async () => {
    for (let i = 0; i < 100; i += 1)
      expect((await lookup(`2001:db8:1:2:${(i + 1).toString(16)}::${i.toString(16)}`)).statusCode).toBe(404);
    const limited = await lookup('2001:db8:1:2:ffff:ffff:ffff:fffe');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await lookup('2001:db8:1:3::1')).statusCode).toBe(404);
  });
});
