import { createHmac, createPublicKey } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, decodeJwt, decodeProtectedHeader, generateKeyPair } from 'jose';
import { databaseKinds } from '@careers/server-kit/testing';
import { ACCESS_TOKEN_AUDIENCE, accessTokenClaimsSchema } from '@careers/contracts/identity';
import {
  bearer,
  registerCandidate,
  relaxedLimits,
  signInWithCode,
  startTestApp,
  uniqueEmail,
  type TestApp,
} from './helpers';

const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe.each(databaseKinds())('access and refresh tokens on %s', (kind) => {
  let ctx: TestApp;
  let user: Awaited<ReturnType<typeof registerCandidate>>;
  beforeAll(async () => {
    ctx = await startTestApp(kind, relaxedLimits);
    user = await registerCandidate(ctx);
  });
  afterAll(async () => ctx?.close());

  const me = (token: string) => ctx.app.inject({ url: '/api/user', headers: bearer(token) });

  it('publishes the ES256 public key at /.well-known/jwks.json with cache headers', async () => {
    const res = await ctx.app.inject({ url: '/.well-known/jwks.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
    const { keys } = res.json();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(keys[0].d).toBeUndefined();
  });

  it('issues a 15-minute ES256 access token with kid, sub, email, name, roles, iss and aud', async () => {
    const header = decodeProtectedHeader(user.accessToken);
    const jwks = (await ctx.app.inject({ url: '/.well-known/jwks.json' })).json();
    expect(header).toMatchObject({ alg: 'ES256', kid: jwks.keys[0].kid });
    const claims = accessTokenClaimsSchema.parse(decodeJwt(user.accessToken));
    expect(claims).toMatchObject({
      sub: user.userId,
      email: user.email,
      name: 'Ada Candidate',
      roles: ['Candidate'],
      iss: ctx.config.publicUrl,
      aud: ACCESS_TOKEN_AUDIENCE,
    });
    expect(claims.exp - Math.floor(ctx.clock.now() / 1000)).toBe(15 * 60);
    expect((await me(user.accessToken)).statusCode).toBe(200);
  });

  it('refuses an access token past its expiry', async () => {
    const { accessToken } = await registerCandidate(ctx);
    ctx.clock.advance(15 * 60 * 1000 + 1000);
    const res = await me(accessToken);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 401, title: 'Unauthorized' });
  });

  it('refuses alg none', async () => {
    const claims = decodeJwt(user.accessToken);
    const forged = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ ...claims, exp: Math.floor(ctx.clock.now() / 1000) + 600 })}.`;
    const res = await me(forged);
    expect(res.statusCode).toBe(401);
  });

  it('refuses a tampered signature and a tampered payload', async () => {
    const fresh = (await signInWithCode(ctx, user.email)).accessToken;
    expect((await me(fresh)).statusCode).toBe(200);
    const [h, p, s] = fresh.split('.') as [string, string, string];
    const flipped = s.slice(0, 10) + (s[10] === 'A' ? 'B' : 'A') + s.slice(11);
    expect((await me(`${h}.${p}.${flipped}`)).statusCode).toBe(401);
    const payload = { ...decodeJwt(fresh), roles: ['BusinessUser'] };
    expect((await me(`${h}.${b64url(payload)}.${s}`)).statusCode).toBe(401);
  });

  it('refuses an HS256 token signed with the public key (algorithm confusion)', async () => {
    const jwk = (await ctx.app.inject({ url: '/.well-known/jwks.json' })).json().keys[0];
    const publicPem = createPublicKey({ key: jwk, format: 'jwk' }).export({ type: 'spki', format: 'pem' }).toString();
    const claims = { ...decodeJwt(user.accessToken), exp: Math.floor(ctx.clock.now() / 1000) + 600 };
    const header = b64url({ alg: 'HS256', typ: 'JWT', kid: jwk.kid });
    const body = b64url(claims);
    for (const secret of [publicPem, JSON.stringify(jwk)]) {
      const signature = createHmac('sha256', secret).update(`${header}.${body}`).digest('base64url');
      expect((await me(`${header}.${body}.${signature}`)).statusCode).toBe(401);
    }
  });

  it('refuses a token signed by another key, or with another issuer or audience', async () => {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const jwk = (await ctx.app.inject({ url: '/.well-known/jwks.json' })).json().keys[0];
    const now = Math.floor(ctx.clock.now() / 1000);
    const sign = (key: CryptoKeyLike, iss: string, aud: string) =>
      new SignJWT({ email: user.email, roles: ['Candidate'] })
        .setProtectedHeader({ alg: 'ES256', kid: jwk.kid })
        .setSubject(user.userId)
        .setIssuer(iss)
        .setAudience(aud)
        .setIssuedAt(now)
        .setExpirationTime(now + 600)
        .sign(key);
    expect((await me(await sign(privateKey, ctx.config.publicUrl, ACCESS_TOKEN_AUDIENCE))).statusCode).toBe(401);
    const serviceKey = ctx.deps.keys.current.privateKey;
    expect((await me(await sign(serviceKey, ctx.config.publicUrl, ACCESS_TOKEN_AUDIENCE))).statusCode).toBe(200);
    expect((await me(await sign(serviceKey, 'https://evil.example', ACCESS_TOKEN_AUDIENCE))).statusCode).toBe(401);
    expect((await me(await sign(serviceKey, ctx.config.publicUrl, 'another-api'))).statusCode).toBe(401);
  });

  it('answers 401 problem details without a bearer token', async () => {
    const res = await ctx.app.inject({ url: '/api/user' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toContain('Bearer');
    expect(res.json()).toMatchObject({ type: 'about:blank', status: 401 });
  });

  it('rotates the refresh token at every refresh and keeps the absolute expiry', async () => {
    const login = await signInWithCode(ctx, user.email);
    ctx.clock.advance(20 * 60 * 1000); // the access token has expired: refresh still accepts it
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/refresh',
      payload: { accessToken: login.accessToken, refreshToken: login.refreshToken, ipAddress: '0.0.0.0' },
    });
    expect(res.statusCode).toBe(200);
    const next = res.json();
    expect(next).toMatchObject({ id: user.userId, email: user.email, success: true });
    expect(next.refreshToken).not.toBe(login.refreshToken);
    expect(next.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(next.refreshTokenExpiryTime).toBe(login.refreshTokenExpiryTime);
    expect((await me(next.accessToken)).statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated refresh token is presented again', async () => {
    const login = await signInWithCode(ctx, user.email);
    const refresh = (accessToken: string, refreshToken: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/account/refresh',
        payload: { accessToken, refreshToken, ipAddress: '0.0.0.0' },
      });
    const second = (await refresh(login.accessToken, login.refreshToken)).json();
    const third = (await refresh(second.accessToken, second.refreshToken)).json();
    expect(third.success).toBe(true);
    // The first token again (stolen copy, its successor already used): refused, and every descendant dies with it.
    const replay = await refresh(login.accessToken, login.refreshToken);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ id: -1, success: false, accessToken: null });
    expect(replay.json().feedbackMessage).toBeTruthy();
    const descendant = await refresh(third.accessToken, third.refreshToken);
    expect(descendant.statusCode).toBe(400);
  });

  it('gives a rotated token a new successor within 30 s while its successor is unused (a lost answer, a second tab)', async () => {
    const login = await signInWithCode(ctx, user.email);
    const refresh = (session: { accessToken: string; refreshToken: string }) =>
      ctx.app.inject({ method: 'POST', url: '/api/account/refresh', payload: { ...session, ipAddress: '0.0.0.0' } });
    const lost = (await refresh(login)).json();
    expect(lost.success).toBe(true);
    ctx.clock.advance(29 * 1000);
    const again = await refresh(login);
    expect(again.statusCode).toBe(200);
    const second = again.json();
    expect(second.refreshToken).not.toBe(lost.refreshToken);
    expect(second.refreshTokenExpiryTime).toBe(login.refreshTokenExpiryTime);
    // The session lives on through the new token; the lost one was never used and still works too.
    const third = await refresh(second);
    expect(third.statusCode).toBe(200);
    expect((await me(third.json().accessToken)).statusCode).toBe(200);
    // Now that a later token of the family was used, the first one again is a replay: the family ends.
    const replay = await refresh(login);
    expect(replay.statusCode).toBe(400);
    expect((await refresh(third.json())).statusCode).toBe(400);
    expect((await refresh(lost)).statusCode).toBe(400);
  });

  it('ends the family when a rotated token comes back after 30 s, even with its successor unused', async () => {
    const login = await signInWithCode(ctx, user.email);
    const refresh = (session: { accessToken: string; refreshToken: string }) =>
      ctx.app.inject({ method: 'POST', url: '/api/account/refresh', payload: { ...session, ipAddress: '0.0.0.0' } });
    const next = (await refresh(login)).json();
    ctx.clock.advance(31 * 1000);
    const replay = await refresh(login);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ success: false, accessToken: null });
    expect((await refresh(next)).statusCode).toBe(400);
  });

  it('refuses a refresh whose access token belongs to another user, or is forged', async () => {
    const login = await signInWithCode(ctx, user.email);
    const other = await registerCandidate(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/refresh',
      payload: { accessToken: other.accessToken, refreshToken: login.refreshToken, ipAddress: '0.0.0.0' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
    const forged = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/refresh',
      payload: {
        accessToken: `${b64url({ alg: 'none' })}.${b64url(decodeJwt(login.accessToken))}.`,
        refreshToken: login.refreshToken,
        ipAddress: '0.0.0.0',
      },
    });
    expect(forged.statusCode).toBe(400);
    // The genuine pair still works: failed attempts did not consume it.
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/refresh',
      payload: { accessToken: login.accessToken, refreshToken: login.refreshToken, ipAddress: '0.0.0.0' },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a refresh token past its 30 days', async () => {
    const login = await signInWithCode(ctx, user.email);
    ctx.clock.advance(30 * 24 * 3600 * 1000 + 1000);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/refresh',
      payload: { accessToken: login.accessToken, refreshToken: login.refreshToken, ipAddress: '0.0.0.0' },
    });
    expect(res.statusCode).toBe(400);
  });

  const refreshWith = (session: { accessToken: string; refreshToken: string }) =>
    ctx.app.inject({ method: 'POST', url: '/api/account/refresh', payload: { ...session, ipAddress: '0.0.0.0' } });

  it('revoke (logout) ends this session only: another device stays signed in', async () => {
    const here = await signInWithCode(ctx, user.email);
    const phone = await signInWithCode(ctx, user.email);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/account/revoke', headers: bearer(here.accessToken) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: -1, success: true, accessToken: null });
    expect((await refreshWith(here)).statusCode).toBe(400);
    const other = await refreshWith(phone);
    expect(other.statusCode).toBe(200);
    expect(other.json().accessToken).toEqual(expect.any(String));
    expect((await ctx.app.inject({ method: 'POST', url: '/api/account/revoke' })).statusCode).toBe(401);
  });

  it('revoke-all (sign out of all devices) ends every session of the caller, and nobody else’s', async () => {
    const here = await signInWithCode(ctx, user.email);
    const phone = await signInWithCode(ctx, user.email);
    const someoneElse = await registerCandidate(ctx, uniqueEmail('bystander'));
    const theirs = await signInWithCode(ctx, someoneElse.email);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/revoke-all',
      headers: bearer(here.accessToken),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: -1,
      success: true,
      feedbackMessage: 'You have been signed out of all devices.',
    });
    expect((await refreshWith(here)).statusCode).toBe(400);
    expect((await refreshWith(phone)).statusCode).toBe(400);
    expect((await refreshWith(theirs)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/account/revoke-all' })).statusCode).toBe(401);
  });
});

type CryptoKeyLike = Parameters<SignJWT['sign']>[0];
