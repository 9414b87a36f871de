import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '@careers/server-kit/testing';
import { EMPLOYER_ACCOUNT_PROBLEM_TYPE } from '@careers/contracts/identity';
import { registerCandidate, relaxedLimits, startTestApp, uniqueEmail, type TestApp } from './helpers';

/**
 * An employer's sign-up (docs/decisions/0250): one e-mail, "Welcome, set your password", whose link opens
 * the console's own page; setting the password there proves the address. And the candidate login check
 * says when an address is an employer's (docs/decisions/0251).
 */
describe.each(databaseKinds())('the employer welcome link on %s', (kind) => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await startTestApp(kind, relaxedLimits);
  });
  afterAll(async () => ctx?.close());

  let client = 0;
  const post = (url: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url, payload, remoteAddress: `10.2.0.${++client % 250}` });
  const registerEmployer = async (email: string) => {
    const res = await post('/api/register/business-user', {
      name: 'Bea Business',
      email,
      phone: '+44 20 7946 0000',
      // What the console sends: a throwaway password nobody learns.
      password: 'a throwaway password nobody learns',
      token: await ctx.botToken(),
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { userId: string };
  };
  const confirmedAt = async (userId: string) =>
    (
      await ctx.deps.database.db
        .selectFrom('users')
        .select('email_confirmed_at')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).email_confirmed_at;

  it('sends one e-mail, the welcome link to the console, and no reset or confirmation e-mail', async () => {
    const email = uniqueEmail('welcome');
    await registerEmployer(email);
    const mails = await ctx.mailsTo(email);
    expect(mails.map((m) => m.kind)).toEqual(['employer-welcome-link']);
    const [mail] = mails;
    expect(mail!.subject).toBe('Welcome to the Careers Portal: set your password');
    expect(mail!.html).toContain('Welcome, set your password');
    expect(`${mail!.subject}\n${mail!.text}`).not.toMatch(/reset/i);
    expect(mail!.text).toContain('Hello Bea Business');
    const link = await ctx.latestLink(email, 'employer-welcome-link');
    expect(link).toMatch(
      new RegExp(`^${ctx.config.portalUrl}/employer/welcome/${encodeURIComponent(email)}/[A-Za-z0-9_-]{43}$`),
    );
    expect(mail!.html).toContain(link);
  });

  it('setting the password from the link proves the address; the password then signs in and the link is spent', async () => {
    const email = uniqueEmail('welcome');
    const { userId } = await registerEmployer(email);
    expect(await confirmedAt(userId)).toBeNull();
    const token = (await ctx.latestLink(email, 'employer-welcome-link')).split('/').pop()!;
    const set = await post('/api/account/reset-password', {
      email,
      token,
      password: 'my own password',
      confirmPassword: 'my own password',
    });
    expect(set.json()).toMatchObject({ succeeded: true, errors: [] });
    expect(await confirmedAt(userId)).not.toBeNull();
    const login = await post('/api/account/login', { email, password: 'my own password' });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ success: true, email });
    const again = await post('/api/account/reset-password', {
      email,
      token,
      password: 'another password',
      confirmPassword: 'another password',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toBe('The reset link has already been used.');
  });

  it('lives 24 hours, as long as the confirmation link it replaces', async () => {
    const email = uniqueEmail('welcome');
    await registerEmployer(email);
    const token = (await ctx.latestLink(email, 'employer-welcome-link')).split('/').pop()!;
    ctx.clock.advance(23 * 60 * 60 * 1000);
    const set = await post('/api/account/reset-password', {
      email,
      token,
      password: 'my own password',
      confirmPassword: 'my own password',
    });
    expect(set.json()).toMatchObject({ succeeded: true, errors: [] });
  });

  // A second app with the product's send interval: its start takes a while on a busy machine.
  it('does not hold back a reset link asked for right after the sign-up', { timeout: 180_000 }, async () => {
    const email = uniqueEmail('welcome');
    // The product's send interval (relaxedLimits has none).
    const limited = await startTestApp(kind, { ...relaxedLimits, SEND_INTERVAL_SECONDS: '60' });
    try {
      const res = await limited.app.inject({
        method: 'POST',
        url: '/api/register/business-user',
        payload: {
          name: 'Bea Business',
          email,
          phone: '+44 20 7946 0000',
          password: 'a throwaway password nobody learns',
          token: await limited.botToken(),
        },
      });
      expect(res.statusCode).toBe(200);
      const asked = await limited.app.inject({
        method: 'POST',
        url: '/api/account/forgot-password',
        payload: { email, portalType: 'Business' },
      });
      expect(asked.statusCode).toBe(200);
      expect((await limited.mailsTo(email)).map((m) => m.kind)).toEqual([
        'password-reset-link',
        'employer-welcome-link',
      ]);
    } finally {
      await limited.close();
    }
  });

  describe('the candidate login check', () => {
    const check = (email: string, applicationRole?: string) =>
      post('/api/account/can-log-in', { email, ...(applicationRole ? { applicationRole } : {}), token: '' });

    it("answers an employer's address with the typed 404 that names the employer sign-in", async () => {
      const email = uniqueEmail('welcome');
      await registerEmployer(email);
      const res = await check(email, 'Candidate');
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({
        type: EMPLOYER_ACCOUNT_PROBLEM_TYPE,
        status: 404,
        detail: 'This address belongs to an employer account. Employers sign in at /employer/login.',
      });
      // Asked without a role, or for the employer's own role, the account is there.
      expect((await check(email)).statusCode).toBe(200);
      expect((await check(email, 'BusinessUser')).statusCode).toBe(200);
    });

    it('answers an unknown address and a candidate as before', async () => {
      const unknown = await check(uniqueEmail('nobody'), 'Candidate');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().type).toBe('about:blank');
      const candidate = await registerCandidate(ctx);
      expect((await check(candidate.email, 'Candidate')).statusCode).toBe(200);
      // A candidate's address asked for as an employer is no employer's: the plain 404.
      const asEmployer = await check(candidate.email, 'BusinessUser');
      expect(asEmployer.statusCode).toBe(404);
      expect(asEmployer.json().type).toBe('about:blank');
    });
  });
});
