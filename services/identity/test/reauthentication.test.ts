/**
 * Issue 8 point 7: a stolen 15-minute access token alone can neither move an account to another address
 * nor delete it. The e-mail change also needs a code sent to the current address, tells the old address
 * with a week's undo link, and ends the other sessions; deletion needs a fresh code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '@careers/server-kit/testing';
import {
  bearer,
  registerCandidate,
  relaxedLimits,
  signInWithCode,
  startTestApp,
  uniqueEmail,
  type TestApp,
} from './helpers';

const DAY = 24 * 60 * 60 * 1000;

describe.each(databaseKinds())('re-authentication for e-mail change and deletion on %s', (kind) => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await startTestApp(kind, relaxedLimits);
  });
  afterAll(async () => ctx?.close());

  const call = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, token?: string, payload?: object) =>
    ctx.app.inject({ method, url, ...(token ? { headers: bearer(token) } : {}), ...(payload ? { payload } : {}) });
  const refresh = (session: { accessToken: string; refreshToken: string }) =>
    call('POST', '/api/account/refresh', undefined, {
      accessToken: session.accessToken,
      refreshToken: session.refreshToken,
      ipAddress: '0.0.0.0',
    });
  const emailOf = async (accessToken: string) => (await call('GET', '/api/user', accessToken)).json().email as string;
  const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  /** An account signed in twice by code: `caller` changes things, `other` is the session elsewhere. */
  async function accountWithTwoSessions() {
    const { email } = await registerCandidate(ctx);
    const caller = await signInWithCode(ctx, email);
    const other = await signInWithCode(ctx, email);
    return { email, caller, other };
  }

  async function startChange(accessToken: string, currentEmail: string, newEmail = uniqueEmail('new')) {
    const start = await call('PUT', '/api/user/email-update-initialise', accessToken, { newEmailAddress: newEmail });
    expect(start.statusCode).toBe(200);
    return {
      newEmail,
      requestId: start.json().requestId as string,
      otp: await ctx.latestCode(newEmail),
      currentEmailOtp: await ctx.latestCode(currentEmail),
    };
  }

  async function undoLink(oldEmail: string): Promise<string> {
    const link = await ctx.latestLink(oldEmail, 'email-changed-notice');
    return decodeURIComponent(new URL(link).pathname.split('/').at(-1)!);
  }

  it('sends a second code to the current address, naming the new one', async () => {
    const { email, caller } = await accountWithTwoSessions();
    const { newEmail } = await startChange(caller.accessToken, email);
    const mail = (await ctx.mailsTo(email))[0]!;
    expect(mail.kind).toBe('email-change-current-code');
    expect(mail.subject).toMatch(/: \d{6}$/);
    expect(mail.text).toContain(newEmail);
    expect(mail.text).toContain('do not give this code to anyone');
  });

  it("refuses SPEC's confirm body without the current address's code, and loses nothing", async () => {
    const { email, caller } = await accountWithTwoSessions();
    const { requestId, otp, currentEmailOtp, newEmail } = await startChange(caller.accessToken, email);
    const bare = await call('PUT', '/api/user/email-update-confirm', caller.accessToken, { requestId, otp });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toEqual({
      succeeded: false,
      emailAddress: null,
      errors: ['Please enter the verification code sent to your current email address.'],
    });
    expect(await emailOf(caller.accessToken)).toBe(email);
    const done = await call('PUT', '/api/user/email-update-confirm', caller.accessToken, {
      requestId,
      otp,
      currentEmailOtp,
    });
    expect(done.json()).toEqual({ succeeded: true, emailAddress: newEmail.toLowerCase(), errors: [] });
  });

  it("refuses a wrong current-address code without using up the new address's code, and kills it after 5 wrong tries", async () => {
    const { email, caller } = await accountWithTwoSessions();
    const { requestId, otp, currentEmailOtp } = await startChange(caller.accessToken, email);
    const wrong = await call('PUT', '/api/user/email-update-confirm', caller.accessToken, {
      requestId,
      otp,
      currentEmailOtp: otherCode(currentEmailOtp),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual(['The verification code sent to your current email address is not valid.']);
    expect(await emailOf(caller.accessToken)).toBe(email);
    // The current address's code of another account does not fit this one.
    const stranger = await accountWithTwoSessions();
    const theirs = await startChange(stranger.caller.accessToken, stranger.email);
    expect(
      (
        await call('PUT', '/api/user/email-update-confirm', caller.accessToken, {
          requestId,
          otp,
          currentEmailOtp: theirs.currentEmailOtp,
        })
      ).statusCode,
    ).toBe(400);
    for (let i = 0; i < 3; i += 1) {
      expect(
        (
          await call('PUT', '/api/user/email-update-confirm', caller.accessToken, {
            requestId,
            otp,
            currentEmailOtp: otherCode(currentEmailOtp),
          })
        ).statusCode,
      ).toBe(400);
    }
    // Five wrong tries: the right code no longer works.
    const late = await call('PUT', '/api/user/email-update-confirm', caller.accessToken, {
      requestId,
      otp,
      currentEmailOtp,
    });
    expect(late.statusCode).toBe(400);
    expect(await emailOf(caller.accessToken)).toBe(email);
  });

  it("a code sent to the current address for signing in cannot stand in for the change's", async () => {
    const { email, caller } = await accountWithTwoSessions();
    const { requestId, otp } = await startChange(caller.accessToken, email);
    await call('POST', '/api/account/send-verification-code', undefined, { email });
    const signInCode = await ctx.latestCode(email);
    expect(
      (
        await call('PUT', '/api/user/email-update-confirm', caller.accessToken, {
          requestId,
          otp,
          currentEmailOtp: signInCode,
        })
      ).statusCode,
    ).toBe(400);
    expect(await emailOf(caller.accessToken)).toBe(email);
  });

  it("changing the address ends the other sessions, keeps the caller's, and tells the old address with an undo link", async () => {
    const { email, caller, other } = await accountWithTwoSessions();
    const { requestId, otp, currentEmailOtp, newEmail } = await startChange(caller.accessToken, email);
    expect(
      (await call('PUT', '/api/user/email-update-confirm', caller.accessToken, { requestId, otp, currentEmailOtp }))
        .statusCode,
    ).toBe(200);

    expect((await refresh(other)).statusCode).toBe(400);
    const kept = await refresh(caller);
    expect(kept.statusCode).toBe(200);
    expect(kept.json().email).toBe(newEmail.toLowerCase());

    const notice = (await ctx.mailsTo(email))[0]!;
    expect(notice.kind).toBe('email-changed-notice');
    expect(notice.text).toContain(newEmail.toLowerCase());
    expect(notice.text).toContain('7 days');
    expect(notice.text).toMatch(new RegExp(`${ctx.config.portalUrl}/account/undo-email-change/[A-Za-z0-9_-]{43}`));
    // Nothing of the link reaches the new address.
    expect((await ctx.mailsTo(newEmail)).map((m) => m.kind)).toEqual(['email-change-code']);
  });

  it('the undo link puts the old address back once, ends every session, and the old address signs in again', async () => {
    const { email, caller } = await accountWithTwoSessions();
    const { requestId, otp, currentEmailOtp, newEmail } = await startChange(caller.accessToken, email);
    await call('PUT', '/api/user/email-update-confirm', caller.accessToken, { requestId, otp, currentEmailOtp });
    const token = await undoLink(email);

    const undone = await call('POST', '/api/account/undo-email-change', undefined, { token });
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toEqual({ succeeded: true, errors: [] });
    expect(await emailOf(caller.accessToken)).toBe(email);
    // Even the session that made the change is over.
    expect((await refresh(caller)).statusCode).toBe(400);
    expect((await call('POST', '/api/account/can-log-in', undefined, { email: newEmail })).statusCode).toBe(404);
    const back = await signInWithCode(ctx, email);
    expect(back.id).toBe(caller.id);

    const twice = await call('POST', '/api/account/undo-email-change', undefined, { token });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ succeeded: false, errors: ['This link has already been used.'] });
    const forged = await call('POST', '/api/account/undo-email-change', undefined, {
      token: `${token.slice(0, -2)}AA`,
    });
    expect(forged.json()).toEqual({ succeeded: false, errors: ['This link is not valid.'] });
    expect((await call('POST', '/api/account/undo-email-change', undefined, {})).statusCode).toBe(400);
  });

  it('after a second change by whoever made the first, the oldest link still wins and the later link dies', async () => {
    const { email, caller } = await accountWithTwoSessions();
    const first = await startChange(caller.accessToken, email);
    await call('PUT', '/api/user/email-update-confirm', caller.accessToken, first);
    const ownersLink = await undoLink(email);
    ctx.clock.advance(1000);
    const fresh = (await refresh(caller)).json();
    const second = await startChange(fresh.accessToken, first.newEmail.toLowerCase());
    await call('PUT', '/api/user/email-update-confirm', fresh.accessToken, second);
    const intrudersLink = await undoLink(first.newEmail.toLowerCase());

    // The intruder puts their own first address back…
    expect((await call('POST', '/api/account/undo-email-change', undefined, { token: intrudersLink })).statusCode).toBe(
      200,
    );
    expect(await emailOf(fresh.accessToken)).toBe(first.newEmail.toLowerCase());
    // …and the owner's older link still takes the account home.
    expect((await call('POST', '/api/account/undo-email-change', undefined, { token: ownersLink })).statusCode).toBe(
      200,
    );
    expect(await emailOf(fresh.accessToken)).toBe(email);
    // Taking the account back also removed the links of the changes it undid.
    const gone = await call('POST', '/api/account/undo-email-change', undefined, { token: intrudersLink });
    expect(gone.json().errors).toEqual(['This link is not valid.']);
  });

  it('the undo link expires after 7 days', async () => {
    const { email, caller } = await accountWithTwoSessions();
    const change = await startChange(caller.accessToken, email);
    await call('PUT', '/api/user/email-update-confirm', caller.accessToken, change);
    const token = await undoLink(email);
    ctx.clock.advance(7 * DAY + 1000);
    const late = await call('POST', '/api/account/undo-email-change', undefined, { token });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ succeeded: false, errors: ['This link has expired.'] });
    expect(
      await ctx.app
        .inject({ method: 'POST', url: '/api/account/can-log-in', payload: { email: change.newEmail } })
        .then((r) => r.statusCode),
    ).toBe(200);
  });

  it('keeps the old address for its owner while the undo link lives: no one registers it or changes to it', async () => {
    const { email, caller } = await accountWithTwoSessions();
    const change = await startChange(caller.accessToken, email);
    await call('PUT', '/api/user/email-update-confirm', caller.accessToken, change);

    await expect(registerCandidate(ctx, email.toUpperCase())).rejects.toThrow(/Email address is already in use/);
    const squatter = await accountWithTwoSessions();
    const taken = await call('PUT', '/api/user/email-update-initialise', squatter.caller.accessToken, {
      newEmailAddress: email,
    });
    expect(taken.json()).toEqual({ succeeded: false, requestId: null, errors: ['Email address is already in use.'] });
    // The owner may go back to it through a change of their own.
    const fresh = (await refresh(caller)).json();
    const back = await call('PUT', '/api/user/email-update-initialise', fresh.accessToken, { newEmailAddress: email });
    expect(back.json()).toMatchObject({ succeeded: true });

    // Once the link has expired the address is free again.
    ctx.clock.advance(7 * DAY + 1000);
    const newcomer = await registerCandidate(ctx, email);
    expect(newcomer.userId).not.toBe(caller.id);
  });

  it('refuses to delete the account without a code, with a wrong or expired one, or with a sign-in code', async () => {
    const { email, caller } = await accountWithTwoSessions();
    const userId = caller.id;
    const del = (payload?: object) => call('DELETE', `/api/user?userId=${userId}`, caller.accessToken, payload);

    const bare = await del();
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toEqual({
      succeeded: false,
      errors: ['Please enter the verification code sent to your email address to delete your account.'],
    });

    const asked = await call('PUT', '/api/user/delete-initialise', caller.accessToken);
    expect(asked.json()).toEqual({ succeeded: true, errors: [] });
    const mail = (await ctx.mailsTo(email))[0]!;
    expect(mail.kind).toBe('account-deletion-code');
    const code = await ctx.latestCode(email);

    const wrong = await del({ code: otherCode(code) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ succeeded: false, errors: ['Invalid verification code.'] });
    await call('POST', '/api/account/send-verification-code', undefined, { email });
    expect((await del({ code: await ctx.latestCode(email) })).statusCode).toBe(400);
    ctx.clock.advance(10 * 60 * 1000 + 1);
    const fresh = (await refresh(caller)).json();
    expect((await call('DELETE', `/api/user?userId=${userId}`, fresh.accessToken, { code })).statusCode).toBe(400);
    expect((await call('GET', '/api/user', fresh.accessToken)).json().notFound).toBe(false);

    await call('PUT', '/api/user/delete-initialise', fresh.accessToken);
    const done = await call('DELETE', `/api/user?userId=${userId}`, fresh.accessToken, {
      code: await ctx.latestCode(email),
    });
    expect(done.json()).toEqual({ succeeded: true, errors: [] });
    expect((await call('GET', '/api/user', fresh.accessToken)).json().notFound).toBe(true);
  });

  it('asking for a deletion code needs a signed-in caller', async () => {
    expect((await call('PUT', '/api/user/delete-initialise')).statusCode).toBe(401);
  });
});
