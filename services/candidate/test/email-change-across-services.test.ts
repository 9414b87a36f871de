import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, freePort } from '@careers/server-kit/testing';
import { startTestApp as startCandidate } from './helpers';
import {
  bearer,
  registerCandidate,
  relaxedLimits,
  signInWithCode,
  startIdentity,
  uniqueEmail,
  type IdentityTestApp,
} from './identity-helpers';

/**
 * Both real services on real ports: an e-mail change, and its undo, reach the candidate row through the
 * identity service's notice, so status e-mails and employers use the address the account has now.
 */
describe.each(databaseKinds())('changing the address through the identity API, on %s', (kind) => {
  let identity: IdentityTestApp;
  let candidate: Awaited<ReturnType<typeof startCandidate>>;
  beforeAll(async () => {
    const candidatePort = await freePort();
    identity = await startIdentity(kind, {
      ...relaxedLimits,
      CANDIDATE_URL: `http://127.0.0.1:${candidatePort}`,
      MAIL_POLL_INTERVAL_MS: '600000',
    });
    const identityAddress = await identity.app.listen({ port: 0, host: '127.0.0.1' });
    candidate = await startCandidate(kind, {
      IDENTITY_URL: identity.config.publicUrl,
      IDENTITY_JWKS_URL: `${identityAddress}/.well-known/jwks.json`,
    });
    await candidate.app.listen({ port: candidatePort, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await candidate?.close();
    await identity?.close();
  });

  const storedAddress = (userId: string) =>
    candidate.deps.database.db
      .selectFrom('candidates')
      .select(['email', 'email_verified'])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();

  it('the candidate row takes the new address after a change, and the old one back after the undo', async () => {
    const { userId, email } = await registerCandidate(identity);
    const session = await signInWithCode(identity, email);
    const headers = bearer(session.accessToken);
    const profile = await candidate.app.inject({
      method: 'POST',
      url: '/candidate',
      headers,
      payload: { name: 'Ada Candidate', email, phoneNumber: '0777', postcode: 'M1 1AA' },
    });
    expect(profile.statusCode).toBe(200);
    // Whatever notices the sign-in wrote (the first proof) are delivered before the change.
    await identity.deps.accountEvents.flush();
    expect(await storedAddress(userId)).toEqual({ email, email_verified: true });

    const newEmail = uniqueEmail('moved');
    const start = await identity.app.inject({
      method: 'PUT',
      url: '/api/user/email-update-initialise',
      headers,
      payload: { newEmailAddress: newEmail },
    });
    expect(start.statusCode).toBe(200);
    const confirmed = await identity.app.inject({
      method: 'PUT',
      url: '/api/user/email-update-confirm',
      headers,
      payload: {
        requestId: start.json().requestId,
        otp: await identity.latestCode(newEmail),
        currentEmailOtp: await identity.latestCode(email),
      },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(await identity.deps.accountEvents.flush()).toBe(1);
    expect(await storedAddress(userId)).toEqual({ email: newEmail.toLowerCase(), email_verified: true });

    const link = await identity.latestLink(email, 'email-changed-notice');
    const token = decodeURIComponent(new URL(link).pathname.split('/').at(-1)!);
    const undone = await identity.app.inject({
      method: 'POST',
      url: '/api/account/undo-email-change',
      payload: { token },
    });
    expect(undone.statusCode).toBe(200);
    expect(await identity.deps.accountEvents.flush()).toBe(1);
    expect(await storedAddress(userId)).toEqual({ email, email_verified: true });
  });
});
