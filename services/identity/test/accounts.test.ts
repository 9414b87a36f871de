import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '@careers/server-kit/testing';
import { CANDIDATE_BUILT_IN_PASSWORD } from '@careers/contracts/identity';
import {
  bearer,
  registerCandidate,
  relaxedLimits,
  signInWithCode,
  startTestApp,
  uniqueEmail,
  type TestApp,
} from './helpers';

describe.each(databaseKinds())('registration, login, confirmation and reset on %s', (kind) => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await startTestApp(kind, relaxedLimits);
  });
  afterAll(async () => ctx?.close());

  // Each call from its own client address: the per-client login limits have their own file (login-limits.test.ts).
  let client = 0;
  const post = (url: string, payload?: object) =>
    ctx.app.inject({
      method: 'POST',
      url,
      remoteAddress: `10.0.${Math.floor(++client / 250)}.${client % 250}`,
      ...(payload ? { payload } : {}),
    });
  const registration = async (email: string, password = 'correct horse battery', token?: string) => ({
    name: 'Bea Business',
    email,
    phone: '+44 20 7946 0000',
    password,
    token: token ?? (await ctx.botToken()),
  });

  describe('register', () => {
    it.each([
      ['/api/register/business-user', 'BusinessUser'],
      ['/api/register/business-user-referrer', 'BusinessUserReferrer'],
      ['/api/register/candidate-user', 'Candidate'],
    ])('%s creates an account with role %s, answers tokens and e-mails its one link', async (url, role) => {
      const email = uniqueEmail('reg');
      const res = await post(url, await registration(email));
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ succeeded: true, errors: [] });
      expect(body.userId).toMatch(/^[0-9a-f-]{36}$/);
      const me = (await ctx.app.inject({ url: '/api/user', headers: bearer(body.accessToken) })).json();
      expect(me).toEqual({
        id: body.userId,
        name: 'Bea Business',
        email,
        phone: '+44 20 7946 0000',
        roles: [role],
        notFound: false,
      });
      // A candidate's confirmation link; an employer's welcome link, which sets the password (decision 0250).
      const link =
        role === 'Candidate'
          ? await ctx.latestLink(email, 'confirmation-link')
          : await ctx.latestLink(email, 'employer-welcome-link');
      expect(link).toMatch(
        role === 'Candidate'
          ? new RegExp(`^${ctx.config.portalUrl}/confirm/${body.userId}/[A-Za-z0-9_-]{43}$`)
          : new RegExp(`^${ctx.config.portalUrl}/employer/welcome/${encodeURIComponent(email)}/[A-Za-z0-9_-]{43}$`),
      );
      expect(await ctx.mailsTo(email)).toHaveLength(1);
      const mail = (await ctx.mailsTo(email))[0]!;
      expect(mail.html).toContain(link);
      expect(mail.html).toContain('<h1');
    });

    it('answers 400 registration result when the address is taken (any case)', async () => {
      const email = uniqueEmail('dup');
      expect((await post('/api/register/candidate-user', await registration(email))).statusCode).toBe(200);
      const res = await post('/api/register/business-user', await registration(email.toUpperCase()));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        succeeded: false,
        errors: ['Email address is already in use.'],
        userId: null,
        accessToken: null,
        refreshToken: null,
      });
    });

    it('refuses a missing, invalid or replayed bot-check payload', async () => {
      const failed = {
        succeeded: false,
        errors: ['Bot check failed. Please try again.'],
        userId: null,
        accessToken: null,
        refreshToken: null,
      };
      const missing = await post('/api/register/candidate-user', await registration(uniqueEmail(), 'x', ''));
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual(failed);
      const token = await ctx.botToken();
      expect(
        (await post('/api/register/candidate-user', await registration(uniqueEmail(), 'x', token))).statusCode,
      ).toBe(200);
      const replayed = await post(
        '/api/register/business-user',
        await registration(uniqueEmail(), 'long enough password', token),
      );
      expect(replayed.statusCode).toBe(400);
      expect(replayed.json()).toEqual(failed);
    });

    it('needs 8 characters for a business password', async () => {
      const res = await post('/api/register/business-user', await registration(uniqueEmail(), 'short'));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatch(/at least 8/);
    });

    it('answers 400 problem details for a malformed body', async () => {
      const res = await post('/api/register/candidate-user', { email: 'not-an-email' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ type: 'about:blank', status: 400 });
    });
  });

  describe('passwords', () => {
    it('logs a business user in with the password, and answers 401 login result otherwise', async () => {
      const email = uniqueEmail('biz');
      await post('/api/register/business-user', await registration(email, 'correct horse battery'));
      const ok = await post('/api/account/login', { email, password: 'correct horse battery' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ email, name: 'Bea Business', success: true });
      const bad = await post('/api/account/login', { email, password: 'wrong horse battery' });
      expect(bad.statusCode).toBe(401);
      expect(bad.json()).toMatchObject({
        id: -1,
        success: false,
        accessToken: null,
        refreshToken: null,
        feedbackMessage: 'Invalid email or password.',
      });
      expect((await post('/api/account/login', { email: uniqueEmail('none'), password: 'whatever1' })).statusCode).toBe(
        401,
      );
      const viaRegister = await post('/api/register/candidate-login', { email, password: 'correct horse battery' });
      expect(viaRegister.statusCode).toBe(200);
      expect(viaRegister.json()).toMatchObject({ succeeded: true, errors: [] });
    });

    it('never logs anyone in with the built-in candidate password', async () => {
      const { email } = await registerCandidate(ctx);
      const login = await post('/api/account/login', { email, password: CANDIDATE_BUILT_IN_PASSWORD });
      expect(login.statusCode).toBe(401);
      expect(login.json()).toMatchObject({ success: false, accessToken: null });
      const candidateLogin = await post('/api/register/candidate-login', {
        email,
        password: CANDIDATE_BUILT_IN_PASSWORD,
      });
      expect(candidateLogin.statusCode).toBe(400);
      expect(candidateLogin.json()).toEqual({
        succeeded: false,
        errors: ['Invalid email or password.'],
        userId: null,
        accessToken: null,
        refreshToken: null,
      });
      // Nor does the built-in password work for an account that has a real one.
      const biz = uniqueEmail('biz');
      await post('/api/register/business-user', await registration(biz, CANDIDATE_BUILT_IN_PASSWORD));
      expect((await post('/api/account/login', { email: biz, password: CANDIDATE_BUILT_IN_PASSWORD })).statusCode).toBe(
        401,
      );
    });

    it('lets a candidate log in with a password set through the reset flow, which also ends old sessions', async () => {
      const { email } = await registerCandidate(ctx);
      const session = await signInWithCode(ctx, email);
      const forgot = await post('/api/account/forgot-password', { email, portalType: 'Business' });
      expect(forgot.statusCode).toBe(200);
      expect(forgot.body).toBe('');
      const link = await ctx.latestLink(email, 'password-reset-link');
      const match = link.match(/\/account\/reset\/([^/]+)\/([A-Za-z0-9_-]{43})$/);
      expect(match).not.toBeNull();
      expect(decodeURIComponent(match![1]!)).toBe(email);
      const reset = await post('/api/account/reset-password', {
        email,
        token: match![2],
        password: 'my new password',
        confirmPassword: 'my new password',
      });
      expect(reset.statusCode).toBe(200);
      expect(reset.json()).toMatchObject({ succeeded: true, errors: [] });
      expect((await post('/api/account/login', { email, password: 'my new password' })).statusCode).toBe(200);
      const oldRefresh = await post('/api/account/refresh', {
        accessToken: session.accessToken,
        refreshToken: session.refreshToken,
        ipAddress: '0.0.0.0',
      });
      expect(oldRefresh.statusCode).toBe(400);
      // Single use.
      const again = await post('/api/account/reset-password', {
        email,
        token: match![2],
        password: 'another password',
        confirmPassword: 'another password',
      });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ status: 400, detail: 'The reset link has already been used.' });
    });

    it('refuses a reset with a wrong, expired or mismatched request', async () => {
      const { email } = await registerCandidate(ctx);
      await post('/api/account/forgot-password', { email, portalType: 'Business' });
      const token = (await ctx.latestLink(email, 'password-reset-link')).split('/').pop()!;
      const mismatch = await post('/api/account/reset-password', {
        email,
        token,
        password: 'password one',
        confirmPassword: 'password two',
      });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json()).toMatchObject({ detail: 'Passwords must match', errors: ['Passwords must match'] });
      const short = await post('/api/account/reset-password', {
        email,
        token,
        password: 'short',
        confirmPassword: 'short',
      });
      expect(short.statusCode).toBe(400);
      const wrongToken = await post('/api/account/reset-password', {
        email,
        token: 'x'.repeat(43),
        password: 'password one',
        confirmPassword: 'password one',
      });
      expect(wrongToken.json()).toMatchObject({ status: 400, detail: 'The reset link is not valid.' });
      const otherEmail = await post('/api/account/reset-password', {
        email: uniqueEmail(),
        token,
        password: 'password one',
        confirmPassword: 'password one',
      });
      expect(otherEmail.json().detail).toBe('The reset link is not valid.');
      ctx.clock.advance(60 * 60 * 1000 + 1000);
      const expired = await post('/api/account/reset-password', {
        email,
        token,
        password: 'password one',
        confirmPassword: 'password one',
      });
      expect(expired.statusCode).toBe(400);
      expect(expired.json().detail).toMatch(/expired/);
    });

    it('answers forgot-password with 200 for an unknown address and sends nothing', async () => {
      const email = uniqueEmail('ghost');
      const res = await post('/api/account/forgot-password', { email, portalType: 'Candidate' });
      expect(res.statusCode).toBe(200);
      expect(await ctx.mailsTo(email)).toEqual([]);
      expect((await post('/api/account/forgot-password', { email: 'bad' })).statusCode).toBe(400);
    });
  });

  describe('confirmation', () => {
    it('confirms with the e-mailed link by POST (without e-mail), once', async () => {
      const { email, userId } = await registerCandidate(ctx);
      const token = (await ctx.latestLink(email, 'confirmation-link')).split('/').pop()!;
      const res = await post('/api/account/confirm', { userId, token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ succeeded: true, errors: [] });
      const again = await post('/api/account/confirm', { userId, token });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ succeeded: false, errors: ['The confirmation link has already been used.'] });
      // Confirmed: resending is refused.
      expect((await post(`/api/account/resend-token?userId=${userId}`)).statusCode).toBe(400);
    });

    it('confirms by GET with PascalCase query names, checking the e-mail when given', async () => {
      const { email, userId } = await registerCandidate(ctx);
      const token = (await ctx.latestLink(email, 'confirmation-link')).split('/').pop()!;
      const wrongEmail = await ctx.app.inject({
        url: `/api/account/confirm?UserId=${userId}&Email=${encodeURIComponent(uniqueEmail())}&Token=${token}`,
      });
      expect(wrongEmail.statusCode).toBe(400);
      const res = await ctx.app.inject({
        url: `/api/account/confirm?UserId=${userId}&Email=${encodeURIComponent(email)}&Token=${token}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ succeeded: true, errors: [] });
    });

    it("refuses another user's id, a bad token and an expired link", async () => {
      const a = await registerCandidate(ctx);
      const b = await registerCandidate(ctx);
      const token = (await ctx.latestLink(a.email, 'confirmation-link')).split('/').pop()!;
      expect((await post('/api/account/confirm', { userId: b.userId, token })).json().succeeded).toBe(false);
      expect((await post('/api/account/confirm', { userId: 'not-a-uuid', token })).statusCode).toBe(400);
      expect((await post('/api/account/confirm', { userId: a.userId, token: 'nope' })).statusCode).toBe(400);
      ctx.clock.advance(24 * 3600 * 1000 + 1000);
      const expired = await post('/api/account/confirm', { userId: a.userId, token });
      expect(expired.statusCode).toBe(400);
      expect(expired.json().errors[0]).toMatch(/expired/);
    });

    it('resends the confirmation link, and the new link voids the old one', async () => {
      const { email, userId } = await registerCandidate(ctx);
      const first = (await ctx.latestLink(email, 'confirmation-link')).split('/').pop()!;
      const res = await post(`/api/account/resend-token?userId=${userId}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ succeeded: true, errors: [] });
      const second = (await ctx.latestLink(email, 'confirmation-link')).split('/').pop()!;
      expect(second).not.toBe(first);
      expect((await post('/api/account/confirm', { userId, token: first })).statusCode).toBe(400);
      expect((await post('/api/account/confirm', { userId, token: second })).statusCode).toBe(200);
    });

    it('answers resend-token for an unknown user with 400 problem details', async () => {
      const res = await post('/api/account/resend-token?userId=00000000-0000-4000-8000-000000000000');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ type: 'about:blank', status: 400 });
      expect((await post('/api/account/resend-token?userId=garbage')).statusCode).toBe(400);
      expect((await post('/api/account/resend-token')).statusCode).toBe(400);
    });
  });

  describe('login check', () => {
    it('answers 200 with no body for an account, 404 problem details otherwise', async () => {
      const { email } = await registerCandidate(ctx);
      const ok = await post('/api/account/can-log-in', { email, applicationRole: 'Candidate', token: '' });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toBe('');
      const upper = await post('/api/account/can-log-in', { email: email.toUpperCase() });
      expect(upper.statusCode).toBe(200);
      const none = await post('/api/account/can-log-in', { email: uniqueEmail('none'), applicationRole: 'Candidate' });
      expect(none.statusCode).toBe(404);
      expect(none.json()).toMatchObject({ type: 'about:blank', title: 'Not Found', status: 404 });
      const otherRole = await post('/api/account/can-log-in', { email, applicationRole: 'BusinessUser' });
      expect(otherRole.statusCode).toBe(404);
    });
  });

  describe('the OpenAPI document', () => {
    it('documents every identity call with request and response schemas', async () => {
      const doc = (await ctx.app.inject({ url: '/openapi.json' })).json();
      const calls: [string, string][] = [
        ['post', '/api/account/login'],
        ['post', '/api/account/refresh'],
        ['post', '/api/account/revoke'],
        ['post', '/api/account/revoke-all'],
        ['post', '/api/account/confirm'],
        ['get', '/api/account/confirm'],
        ['post', '/api/account/forgot-password'],
        ['post', '/api/account/reset-password'],
        ['post', '/api/account/can-log-in'],
        ['post', '/api/account/send-verification-code'],
        ['post', '/api/account/verify-code'],
        ['post', '/api/account/resend-token'],
        ['post', '/api/register/business-user'],
        ['post', '/api/register/business-user-referrer'],
        ['post', '/api/register/candidate-user'],
        ['post', '/api/register/candidate-login'],
        ['get', '/api/user'],
        ['put', '/api/user'],
        ['delete', '/api/user'],
        ['get', '/api/user/email-update'],
        ['put', '/api/user/email-update-initialise'],
        ['put', '/api/user/email-update-confirm'],
        ['get', '/api/user/email-exists/{email}'],
        ['get', '/api/user/userid-by-email/{email}'],
        ['get', '/api/bot-check/challenge'],
        ['get', '/.well-known/jwks.json'],
      ];
      for (const [method, path] of calls) {
        const op = doc.paths[path]?.[method];
        expect(op, `${method} ${path}`).toBeDefined();
        expect(Object.keys(op.responses).length, `${method} ${path} responses`).toBeGreaterThan(0);
        const hasInput = op.requestBody || (op.parameters ?? []).length > 0;
        if (
          ![
            '/api/account/revoke',
            '/api/account/revoke-all',
            '/api/user',
            '/api/user/email-update',
            '/api/bot-check/challenge',
            '/.well-known/jwks.json',
          ].includes(path) ||
          (method !== 'get' && method !== 'post')
        ) {
          expect(hasInput, `${method} ${path} input`).toBeTruthy();
        }
      }
    });
  });
});
