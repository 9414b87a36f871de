import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, freePort } from '@careers/server-kit/testing';
import { multipart, startTestApp as startCandidate } from './helpers';
import { bearer, registerCandidate, relaxedLimits, startIdentity, type IdentityTestApp } from './identity-helpers';
import { tinyPdf } from './fixtures';

/** Both real services on real ports: the identity service's notice reaches the candidate service over HTTP. */
describe.each(databaseKinds())('deleting an account through the identity API, on %s', (kind) => {
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

  it('removes the candidate, its CVs and their files', async () => {
    const user = await registerCandidate(identity);
    const headers = bearer(user.accessToken);
    const profile = await candidate.app.inject({
      method: 'POST',
      url: '/candidate',
      headers,
      payload: { name: 'Ada Candidate', email: 'ada@example.test', phoneNumber: '0777', postcode: 'M1 1AA' },
    });
    expect(profile.statusCode).toBe(200);
    const body = multipart('ada.pdf', tinyPdf('Ada'));
    expect(
      (
        await candidate.app.inject({
          method: 'POST',
          url: '/cvs',
          headers: { ...headers, ...body.headers },
          payload: body.payload,
        })
      ).statusCode,
    ).toBe(200);
    const filesBefore = await candidate.deps.storage.list('cvs');
    expect(filesBefore).toHaveLength(1);

    // Not through the portal: the account alone is deleted at the identity service.
    await identity.app.inject({ method: 'PUT', url: '/api/user/delete-initialise', headers });
    const code = await identity.latestCode(user.email);
    const del = await identity.app.inject({
      method: 'DELETE',
      url: `/api/user?userId=${user.userId}`,
      headers,
      payload: { code },
    });
    expect(del.statusCode).toBe(200);
    expect(await identity.deps.accountEvents.flush()).toBe(1);

    const db = candidate.deps.database.db;
    expect(await db.selectFrom('candidates').select('id').where('user_id', '=', user.userId).execute()).toEqual([]);
    expect(await db.selectFrom('cvs').select('id').where('candidate_id', '=', profile.json().id).execute()).toEqual([]);
    expect(await candidate.deps.storage.list('cvs')).toEqual([]);
  });
});
