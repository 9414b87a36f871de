import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessTokenClaims } from '@careers/contracts/identity';
import { createHttpApp, type App } from '../src/http';
import { createLogger } from '../src/logger';
import {
  bearerAuth,
  currentUser,
  InvalidTokenError,
  KeysUnavailableError,
  requireRole,
  requireSignIn,
} from '../src/bearer-auth';

const claims: AccessTokenClaims = {
  sub: 'user-1',
  email: 'ada@example.com',
  roles: ['Candidate'],
  iss: 'https://identity.test',
  aud: 'careers-api',
  exp: 2_000_000_000,
  email_verified: true,
  sid: 'family-1',
};

describe('bearer auth: both services read the caller the same way', () => {
  let app: App;
  beforeAll(async () => {
    app = await createHttpApp({
      name: 'test',
      logger: createLogger('test', 'silent'),
      corsOrigins: [],
      ready: async () => {},
    });
    await app.register(bearerAuth, {
      verify: async (token) => {
        if (token === 'good') return claims;
        if (token === 'keys-down') throw new KeysUnavailableError('jwks fetch failed');
        throw new InvalidTokenError('forged');
      },
    });
    app.get('/me', { preHandler: requireSignIn }, async (request) => currentUser(request));
    app.get('/business', { preHandler: requireRole('BusinessUser') }, async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string, token?: string) =>
    app.inject({ url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('sets the request user from the verified claims, the session included', async () => {
    const res = await get('/me', 'good');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      userId: 'user-1',
      email: 'ada@example.com',
      name: null,
      roles: ['Candidate'],
      emailVerified: true,
      sessionId: 'family-1',
    });
  });

  it('answers 401 with a challenge without a token or with a bad one', async () => {
    const none = await get('/me');
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="careers-api"');
    expect(none.json().detail).toBe('Sign in to continue.');
    const bad = await get('/me', 'forged');
    expect(bad.statusCode).toBe(401);
    expect(bad.headers['www-authenticate']).toContain('error="invalid_token"');
  });

  it('answers 503 when the keys cannot be fetched, and 403 for the wrong role', async () => {
    const down = await get('/me', 'keys-down');
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('5');
    const wrongRole = await get('/business', 'good');
    expect(wrongRole.statusCode).toBe(403);
    expect(wrongRole.json().detail).toBe('This needs a BusinessUser account.');
  });
});
