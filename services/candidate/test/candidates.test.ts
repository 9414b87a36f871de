import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, generateKeyPair } from 'jose';
import { databaseKinds } from '@careers/server-kit/testing';
import { ACCESS_TOKEN_AUDIENCE } from '@careers/contracts/identity';
import { TEST_ISSUER, startTestApp, type TestApp } from './helpers';

const profile = {
  name: 'Ada Lovelace',
  email: 'ada@example.test',
  phoneNumber: '+44 20 7946 0000',
  postcode: 'SW1A 1AA',
};

describe.each(databaseKinds())('candidate profile on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  describe('access token', () => {
    it('answers 401 problem details without a token', async () => {
      const res = await t.app.inject({ url: '/candidate' });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(res.json()).toMatchObject({ status: 401, title: 'Unauthorized' });
    });

    it('refuses a token signed by another key, for another audience or issuer, expired, or with alg none/HS256', async () => {
      const user = randomUUID();
      const { privateKey: otherKey } = await generateKeyPair('ES256');
      const hs = await new SignJWT({ email: 'x@example.test', roles: ['Candidate'] })
        .setProtectedHeader({ alg: 'HS256', kid: 'test-key' })
        .setSubject(user)
        .setIssuer(TEST_ISSUER)
        .setAudience(ACCESS_TOKEN_AUDIENCE)
        .setExpirationTime('5m')
        .sign(new TextEncoder().encode('a-shared-secret-that-is-long-enough'));
      const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
      const body = Buffer.from(
        JSON.stringify({
          sub: user,
          email: 'x@example.test',
          roles: ['Candidate'],
          iss: TEST_ISSUER,
          aud: ACCESS_TOKEN_AUDIENCE,
          exp: 4102444800,
        }),
      ).toString('base64url');
      const tokens = [
        await t.identity.token(user, ['Candidate'], { key: otherKey }),
        await t.identity.token(user, ['Candidate'], { audience: 'someone-else' }),
        await t.identity.token(user, ['Candidate'], { issuer: 'http://evil.test' }),
        await t.identity.token(user, ['Candidate'], { expiresIn: '-1m' }),
        hs,
        `${header}.${body}.`,
      ];
      for (const token of tokens) {
        const res = await t.app.inject({ url: '/candidate', headers: { authorization: `Bearer ${token}` } });
        expect(res.statusCode).toBe(401);
      }
    });

    it('answers 503, not 401, when the identity service keys cannot be fetched', async () => {
      const down = await startTestApp(kind, { IDENTITY_JWKS_URL: 'http://127.0.0.1:9/.well-known/jwks.json' });
      try {
        const res = await down.app.inject({ url: '/candidate', headers: await down.auth(randomUUID()) });
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
      } finally {
        await down.close();
      }
    });

    it('answers 403 to a business user on candidate routes', async () => {
      const res = await t.app.inject({ url: '/candidate', headers: await t.auth(randomUUID(), ['BusinessUser']) });
      expect(res.statusCode).toBe(403);
    });
  });

  it('creates, reads, updates and deletes the caller’s candidate', async () => {
    const user = randomUUID();
    const headers = await t.auth(user, ['Candidate'], profile.email);
    expect((await t.app.inject({ url: '/candidate', headers })).statusCode).toBe(404);

    const created = await t.app.inject({ method: 'POST', url: '/candidate', headers, payload: profile });
    expect(created.statusCode).toBe(200);
    const { id, ...rest } = created.json();
    expect(rest).toEqual(profile);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const again = await t.app.inject({ method: 'POST', url: '/candidate', headers, payload: profile });
    expect(again.statusCode).toBe(409);

    const read = await t.app.inject({ url: '/candidate', headers });
    expect(read.json()).toEqual({ id, userId: user, ...profile });

    const updated = await t.app.inject({
      method: 'PUT',
      url: '/candidate',
      headers,
      payload: { id, name: 'Ada King', phoneNumber: '0123', postcode: 'EC1A 1BB' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      id,
      name: 'Ada King',
      phoneNumber: '0123',
      postcode: 'EC1A 1BB',
      email: profile.email,
    });

    const deleted = await t.app.inject({ method: 'DELETE', url: '/candidate', headers, payload: { id } });
    expect(deleted.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/candidate', headers })).statusCode).toBe(404);
  });

  it('follows the account’s e-mail address once a token carries a changed one', async () => {
    const user = randomUUID();
    const before = await t.auth(user, ['Candidate'], profile.email);
    const { id } = (
      await t.app.inject({ method: 'POST', url: '/candidate', headers: before, payload: profile })
    ).json();
    const after = await t.auth(user, ['Candidate'], 'ada.new@example.test');
    expect((await t.app.inject({ url: '/candidate', headers: after })).json()).toMatchObject({
      id,
      email: 'ada.new@example.test',
    });
    const row = await t.deps.database.db
      .selectFrom('candidates')
      .select('email')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.email).toBe('ada.new@example.test');
  });

  it('validates the payload with problem details', async () => {
    const headers = await t.auth(randomUUID());
    const res = await t.app.inject({
      method: 'POST',
      url: '/candidate',
      headers,
      payload: { ...profile, email: 'not-an-email', name: '' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ status: 400, title: 'Bad Request' });
    expect(body.errors.join(' ')).toMatch(/email/);
  });

  it('answers 404 when updating or deleting another user’s candidate, and leaves it alone', async () => {
    const owner = await t.auth(randomUUID());
    const { id } = (await t.app.inject({ method: 'POST', url: '/candidate', headers: owner, payload: profile })).json();
    const intruder = await t.auth(randomUUID());
    await t.app.inject({
      method: 'POST',
      url: '/candidate',
      headers: intruder,
      payload: { ...profile, name: 'Mallory' },
    });

    const put = await t.app.inject({
      method: 'PUT',
      url: '/candidate',
      headers: intruder,
      payload: { id, name: 'Owned', phoneNumber: '1', postcode: '1' },
    });
    expect(put.statusCode).toBe(404);
    const del = await t.app.inject({ method: 'DELETE', url: '/candidate', headers: intruder, payload: { id } });
    expect(del.statusCode).toBe(404);
    expect((await t.app.inject({ url: '/candidate', headers: owner })).json()).toMatchObject({
      id,
      name: profile.name,
    });
  });

  describe('contact', () => {
    const message = {
      name: 'Ada',
      phone: '0123',
      email: 'ada@example.test',
      message: 'Hello there',
      source: 'contact-us',
    };

    it('stores a message and answers 200 with no body; 401 without a token; 400 when invalid', async () => {
      const user = randomUUID();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contact/contact',
        headers: await t.auth(user),
        payload: message,
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('');
      const rows = await t.deps.database.db
        .selectFrom('contact_messages')
        .selectAll()
        .where('user_id', '=', user)
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ name: 'Ada', message: 'Hello there', source: 'contact-us' });

      expect((await t.app.inject({ method: 'POST', url: '/api/contact/contact', payload: message })).statusCode).toBe(
        401,
      );
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/contact/contact',
        headers: await t.auth(user),
        payload: { ...message, message: '' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().status).toBe(400);
    });
  });

  it('documents every candidate-service call with request and response schemas', async () => {
    const doc = (await t.app.inject({ url: '/openapi.json' })).json();
    const calls: [string, string][] = [
      ['post', '/api/contact/contact'],
      ['get', '/candidate'],
      ['put', '/candidate'],
      ['post', '/candidate'],
      ['delete', '/candidate'],
      ['get', '/cvs'],
      ['post', '/cvs'],
      ['get', '/cvs/download/{cvId}'],
      ['delete', '/cvs/{cvId}'],
      ['get', '/cv-drops'],
      ['post', '/cv-drops'],
      ['get', '/job-applications'],
      ['post', '/job-applications'],
      ['get', '/job/{id}'],
      ['post', '/business'],
      ['post', '/business/jobs'],
      ['get', '/business/jobs/{id}/applications'],
      ['put', '/business/applications/{id}/status'],
      ['get', '/business/cv-drops'],
      ['post', '/business/logo'],
      ['get', '/cv-autofill/challenge'],
      ['post', '/cv-autofill'],
    ];
    for (const [method, path] of calls) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(Object.keys(op.responses), `${method} ${path}`).toContain('200');
      if (['post', 'put'].includes(method) || (method === 'delete' && path === '/candidate')) {
        expect(op.requestBody, `${method} ${path} request body`).toBeDefined();
      }
    }
    expect(Object.keys(doc.paths['/cvs'].post.requestBody.content)).toContain('multipart/form-data');
  });
});
