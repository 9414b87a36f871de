import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_LIFETIME_MS } from '@careers/contracts/limits';
import { databaseKinds } from '@careers/server-kit/testing';
import { bearer, registerCandidate, relaxedLimits, startTestApp, uniqueEmail, type TestApp } from './helpers';

describe.each(databaseKinds())('the signed-in user on %s', (kind) => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await startTestApp(kind, relaxedLimits);
  });
  afterAll(async () => ctx?.close());

  const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
    ctx.app.inject({ method, url, ...(token ? { headers: bearer(token) } : {}), ...(payload ? { payload } : {}) });

  it('reads and updates the profile', async () => {
    const user = await registerCandidate(ctx);
    const put = await call('PUT', '/api/user', user.accessToken, { name: 'Ada Lovelace', phone: '+44 1632 960000' });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ succeeded: true, errors: [] });
    const me = await call('GET', '/api/user', user.accessToken);
    expect(me.json()).toEqual({
      id: user.userId,
      name: 'Ada Lovelace',
      email: user.email,
      phone: '+44 1632 960000',
      roles: ['Candidate'],
      notFound: false,
    });
    expect((await call('PUT', '/api/user', user.accessToken, { name: '', phone: '1' })).statusCode).toBe(400);
    expect((await call('PUT', '/api/user', undefined, { name: 'x', phone: '1' })).statusCode).toBe(401);
  });

  it("deletes only the caller's own account, and ends its sessions", async () => {
    const user = await registerCandidate(ctx);
    const other = await registerCandidate(ctx);
    const foreign = await call('DELETE', `/api/user?userId=${other.userId}`, user.accessToken);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ type: 'about:blank', status: 404 });
    expect((await call('GET', '/api/user', other.accessToken)).json().notFound).toBe(false);
    expect((await call('DELETE', '/api/user', user.accessToken)).statusCode).toBe(400);
    expect((await call('PUT', '/api/user/delete-initialise', user.accessToken)).json()).toEqual({
      succeeded: true,
      errors: [],
    });
    const code = await ctx.latestCode(user.email);
    const own = await call('DELETE', `/api/user?userId=${user.userId}`, user.accessToken, { code });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ succeeded: true, errors: [] });
    expect((await call('GET', '/api/user', user.accessToken)).json()).toMatchObject({ id: null, notFound: true });
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/refresh',
      payload: { accessToken: user.accessToken, refreshToken: user.refreshToken, ipAddress: '0.0.0.0' },
    });
    expect(refresh.statusCode).toBe(400);
    const again = await call('DELETE', `/api/user?userId=${user.userId}`, user.accessToken, { code });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ succeeded: false, errors: ['The account no longer exists.'] });
    expect((await call('PUT', '/api/user', user.accessToken, { name: 'x', phone: '1' })).statusCode).toBe(400);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/account/can-log-in', payload: { email: user.email } }))
        .statusCode,
    ).toBe(404);
  });

  it('e-mails a receipt of the deletion to the address: what went and when, and no link that signs in', async () => {
    const user = await registerCandidate(ctx);
    await call('PUT', '/api/user/delete-initialise', user.accessToken);
    const code = await ctx.latestCode(user.email);
    // A wrong code sends no receipt.
    await call('DELETE', `/api/user?userId=${user.userId}`, user.accessToken, {
      code: code === '000000' ? '111111' : '000000',
    });
    expect((await ctx.mailsTo(user.email)).filter((m) => m.kind === 'account-deleted')).toEqual([]);
    const at = new Date(ctx.clock.now());
    expect((await call('DELETE', `/api/user?userId=${user.userId}`, user.accessToken, { code })).statusCode).toBe(200);

    // Sent through the outbox after the account's row (and its own messages) went.
    const receipts = (await ctx.mailsTo(user.email)).filter((m) => m.kind === 'account-deleted');
    expect(receipts).toHaveLength(1);
    const receipt = receipts[0]!;
    expect(receipt.subject).toBe('Your Careers Portal account has been deleted');
    const when = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(at);
    for (const part of [receipt.text, receipt.html]) {
      expect(part).toContain(when);
      expect(part).toContain('UTC');
      expect(part).toContain('Your profile');
      expect(part).toContain('Your CVs');
      expect(part).toContain('Your applications');
    }
    // The only link is the footer's way to contact us: nothing that signs in, resets or confirms.
    const links = [...receipt.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(links).toEqual([`${ctx.config.portalUrl}/contact-us`]);
    expect(receipt.text).not.toMatch(/\/(account|confirm|reset|login)/);
  });

  it('changes the e-mail address in two steps with a code sent to the new address', async () => {
    const user = await registerCandidate(ctx);
    const newEmail = uniqueEmail('new');
    const start = await call('PUT', '/api/user/email-update-initialise', user.accessToken, {
      newEmailAddress: newEmail,
    });
    expect(start.statusCode).toBe(200);
    const { requestId } = start.json();
    expect(start.json()).toMatchObject({ succeeded: true, errors: [] });
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const mail = (await ctx.mailsTo(newEmail))[0]!;
    expect(mail.kind).toBe('email-change-code');
    expect(mail.subject).toMatch(/code: \d{6}$/);
    const otp = await ctx.latestCode(newEmail);
    const currentEmailOtp = await ctx.latestCode(user.email);
    const done = await call('PUT', '/api/user/email-update-confirm', user.accessToken, {
      requestId,
      otp,
      currentEmailOtp,
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ succeeded: true, emailAddress: newEmail.toLowerCase(), errors: [] });
    expect((await call('GET', '/api/user', user.accessToken)).json().email).toBe(newEmail.toLowerCase());
    const reuse = await call('PUT', '/api/user/email-update-confirm', user.accessToken, {
      requestId,
      otp,
      currentEmailOtp,
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({ succeeded: false, emailAddress: null, errors: ['Invalid verification code.'] });
  });

  it('answers the pending e-mail change to its user only, until it is confirmed or its code expires', async () => {
    const user = await registerCandidate(ctx);
    const other = await registerCandidate(ctx);
    const pending = async (token: string) => {
      const answer = await call('GET', '/api/user/email-update', token);
      expect(answer.statusCode).toBe(200);
      return answer.json().pending;
    };
    expect(await pending(user.accessToken)).toBeNull();
    expect((await call('GET', '/api/user/email-update')).statusCode).toBe(401);

    const newEmail = uniqueEmail('Pending');
    const { requestId } = (
      await call('PUT', '/api/user/email-update-initialise', user.accessToken, { newEmailAddress: newEmail })
    ).json();
    const started = await pending(user.accessToken);
    expect(started).toEqual({ requestId, newEmailAddress: newEmail.toLowerCase(), expiresAt: expect.any(String) });
    expect(new Date(started.expiresAt).getTime()).toBeGreaterThan(ctx.clock.now());
    expect(await pending(other.accessToken)).toBeNull();

    // A new request replaces it.
    const second = uniqueEmail('second');
    const again = (
      await call('PUT', '/api/user/email-update-initialise', user.accessToken, { newEmailAddress: second })
    ).json();
    expect((await pending(user.accessToken)).newEmailAddress).toBe(second.toLowerCase());
    expect((await pending(user.accessToken)).requestId).toBe(again.requestId);

    // Confirmed: nothing pending any more.
    const done = await call('PUT', '/api/user/email-update-confirm', user.accessToken, {
      requestId: again.requestId,
      otp: await ctx.latestCode(second),
      currentEmailOtp: await ctx.latestCode(user.email),
    });
    expect(done.statusCode).toBe(200);
    expect(await pending(user.accessToken)).toBeNull();

    // Expired: nothing pending either.
    await call('PUT', '/api/user/email-update-initialise', other.accessToken, { newEmailAddress: uniqueEmail('late') });
    expect(await pending(other.accessToken)).not.toBeNull();
    ctx.clock.advance(CODE_LIFETIME_MS + 1);
    expect(await pending(other.accessToken)).toBeNull();
  });

  it('lets only the user who started the change confirm it, with at most 5 wrong tries', async () => {
    const user = await registerCandidate(ctx);
    const intruder = await registerCandidate(ctx);
    const newEmail = uniqueEmail('new');
    const { requestId } = (
      await call('PUT', '/api/user/email-update-initialise', user.accessToken, { newEmailAddress: newEmail })
    ).json();
    const otp = await ctx.latestCode(newEmail);
    const currentEmailOtp = await ctx.latestCode(user.email);
    const stolen = await call('PUT', '/api/user/email-update-confirm', intruder.accessToken, {
      requestId,
      otp,
      currentEmailOtp,
    });
    expect(stolen.statusCode).toBe(400);
    expect((await call('GET', '/api/user', intruder.accessToken)).json().email).toBe(intruder.email);
    const wrong = String((Number(otp) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i += 1)
      expect(
        (
          await call('PUT', '/api/user/email-update-confirm', user.accessToken, {
            requestId,
            otp: wrong,
            currentEmailOtp,
          })
        ).statusCode,
      ).toBe(400);
    expect(
      (await call('PUT', '/api/user/email-update-confirm', user.accessToken, { requestId, otp, currentEmailOtp }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await call('PUT', '/api/user/email-update-confirm', user.accessToken, {
          requestId: 'nope',
          otp,
          currentEmailOtp,
        })
      ).statusCode,
    ).toBe(400);
  });

  it('expires the e-mail change code after 10 minutes', async () => {
    const user = await registerCandidate(ctx);
    const newEmail = uniqueEmail('new');
    const { requestId } = (
      await call('PUT', '/api/user/email-update-initialise', user.accessToken, { newEmailAddress: newEmail })
    ).json();
    const otp = await ctx.latestCode(newEmail);
    const currentEmailOtp = await ctx.latestCode(user.email);
    ctx.clock.advance(10 * 60 * 1000 + 1);
    expect(
      (await call('PUT', '/api/user/email-update-confirm', user.accessToken, { requestId, otp, currentEmailOtp }))
        .statusCode,
    ).toBe(400);
  });

  it('refuses an address that belongs to another account, or is already yours', async () => {
    const user = await registerCandidate(ctx);
    const other = await registerCandidate(ctx);
    const taken = await call('PUT', '/api/user/email-update-initialise', user.accessToken, {
      newEmailAddress: other.email.toUpperCase(),
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ succeeded: false, requestId: null, errors: ['Email address is already in use.'] });
    const same = await call('PUT', '/api/user/email-update-initialise', user.accessToken, {
      newEmailAddress: user.email,
    });
    expect(same.statusCode).toBe(400);
    // Taken between the two steps: the confirm refuses it.
    const target = uniqueEmail('race');
    const { requestId } = (
      await call('PUT', '/api/user/email-update-initialise', user.accessToken, { newEmailAddress: target })
    ).json();
    const otp = await ctx.latestCode(target);
    const currentEmailOtp = await ctx.latestCode(user.email);
    await registerCandidate(ctx, target);
    const raced = await call('PUT', '/api/user/email-update-confirm', user.accessToken, {
      requestId,
      otp,
      currentEmailOtp,
    });
    expect(raced.statusCode).toBe(400);
    expect(raced.json().errors).toEqual(['Email address is already in use.']);
  });

  it('answers email-exists with 200 no body or 404 problem details', async () => {
    const user = await registerCandidate(ctx);
    const yes = await call('GET', `/api/user/email-exists/${encodeURIComponent(user.email)}`);
    expect(yes.statusCode).toBe(200);
    expect(yes.body).toBe('');
    const no = await call('GET', `/api/user/email-exists/${encodeURIComponent(uniqueEmail('none'))}`);
    expect(no.statusCode).toBe(404);
    expect(no.json()).toMatchObject({ type: 'about:blank', status: 404 });
    expect((await call('GET', '/api/user/email-exists/not-an-email')).statusCode).toBe(400);
  });

  it('answers userid-by-email with the profile shape to signed-in callers, or 404', async () => {
    const user = await registerCandidate(ctx);
    const other = await registerCandidate(ctx);
    const own = await call('GET', `/api/user/userid-by-email/${encodeURIComponent(user.email)}`, user.accessToken);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({
      id: user.userId,
      email: user.email,
      name: 'Ada Candidate',
      roles: ['Candidate'],
      notFound: false,
    });
    const theirs = await call('GET', `/api/user/userid-by-email/${encodeURIComponent(other.email)}`, user.accessToken);
    expect(theirs.json()).toEqual({
      id: other.userId,
      email: other.email,
      name: null,
      phone: null,
      roles: ['Candidate'],
      notFound: false,
    });
    expect(
      (await call('GET', `/api/user/userid-by-email/${encodeURIComponent(uniqueEmail())}`, user.accessToken))
        .statusCode,
    ).toBe(404);
    expect((await call('GET', `/api/user/userid-by-email/${encodeURIComponent(user.email)}`)).statusCode).toBe(401);
  });
});
