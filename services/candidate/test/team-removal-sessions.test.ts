import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, freePort } from '@careers/server-kit/testing';
import { createTeamRemovalWorker } from '../src/modules/team/team-removals';
import { startTestApp as startCandidate } from './helpers';
import {
  bearer,
  registerCandidate,
  relaxedLimits,
  signInWithCode,
  startIdentity,
  uniqueEmail,
  type IdentitySession as Session,
  type IdentityTestApp,
} from './identity-helpers';

const TOKEN = `internal-${randomUUID()}-${randomUUID()}`;

/**
 * Both real services on real ports (docs/decisions/0351): an owner removes a member at the candidate service,
 * its worker tells the identity service over HTTP with the service credential, and the removed member's
 * sessions end there: their refresh is refused.
 */
describe.each(databaseKinds())('a removed team member’s sessions end, on %s', (kind) => {
  let identity: IdentityTestApp;
  let identityAddress: string;
  let candidate: Awaited<ReturnType<typeof startCandidate>>;
  beforeAll(async () => {
    const candidatePort = await freePort();
    identity = await startIdentity(kind, {
      ...relaxedLimits,
      CANDIDATE_URL: `http://127.0.0.1:${candidatePort}`,
      MAIL_POLL_INTERVAL_MS: '600000',
      INTERNAL_API_TOKEN: TOKEN,
    });
    identityAddress = await identity.app.listen({ port: 0, host: '127.0.0.1' });
    candidate = await startCandidate(kind, {
      IDENTITY_URL: identity.config.publicUrl,
      IDENTITY_JWKS_URL: `${identityAddress}/.well-known/jwks.json`,
      IDENTITY_INTERNAL_URL: identityAddress,
      INTERNAL_API_TOKEN: TOKEN,
      // The app's own worker polls rarely here: the tests deliver with flush().
      MAIL_POLL_INTERVAL_MS: '600000',
    });
    candidate.deps.mail.send = async () => {};
    await candidate.app.listen({ port: candidatePort, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await candidate?.close();
    await identity?.close();
  });

  /** An employer account with its address proved, signed in (twice: two devices). */
  async function employer(label: string) {
    const email = uniqueEmail(label);
    const registered = await identity.app.inject({
      method: 'POST',
      url: '/api/register/business-user',
      payload: {
        name: label,
        email,
        phone: '+44 7700 900000',
        password: 'a long password 1',
        token: await identity.botToken(),
      },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const phone = await signInWithCode(identity, email);
    const laptop = await signInWithCode(identity, email);
    return { email, userId: laptop.id, phone, laptop, headers: bearer(laptop.accessToken) };
  }

  const refresh = (session: Session) =>
    identity.app.inject({
      method: 'POST',
      url: '/api/account/refresh',
      payload: { accessToken: session.accessToken, refreshToken: session.refreshToken, ipAddress: '0.0.0.0' },
    });

  const internalCall = (body: object, headers: Record<string, string>) =>
    identity.app.inject({ method: 'POST', url: '/internal/team-removals', headers, payload: body });

  it('ends every session the removed member had open; the owner’s and a later sign-in stay', async () => {
    const owner = await employer('Owner');
    const member = await employer('Member');
    const call = (method: string, url: string, headers: Record<string, string>, payload?: object) =>
      candidate.app.inject({ method: method as 'GET', url, headers, ...(payload ? { payload } : {}) });
    expect((await call('POST', '/business', owner.headers, { name: 'Removal Co' })).statusCode).toBe(200);
    const invited = await call('POST', '/business/team/invitations', owner.headers, {
      email: member.email,
      role: 'Recruiter',
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const joined = await call('POST', `/business/invitations/${invited.json().id}/accept`, member.headers);
    expect(joined.statusCode, joined.body).toBe(200);

    const removed = await call('DELETE', `/business/team/members/${member.userId}`, owner.headers);
    expect(removed.statusCode).toBe(200);
    expect(await candidate.app.teamRemovals.flush()).toBe(1);

    for (const session of [member.phone, member.laptop]) {
      const res = await refresh(session);
      expect(res.statusCode).toBe(400);
      expect(res.json().feedbackMessage).toBe('The session has ended. Please log in again.');
    }
    expect((await refresh(owner.laptop)).json().success).toBe(true);
    // Nothing is delivered twice.
    expect(await candidate.app.teamRemovals.flush()).toBe(0);

    // Signing in again works (the account is theirs); that session stays, and the console says why they are out.
    const again = await signInWithCode(identity, member.email);
    expect((await refresh(again)).json().success).toBe(true);
    const told = await call('GET', '/business/removal', bearer(again.accessToken));
    expect(told.json()).toEqual({ removal: { businessName: 'Removal Co', removedOn: expect.any(String) } });
  });

  it('waits while the identity service is down, retries with backoff, and delivers once with two instances', async () => {
    const owner = await employer('Owner2');
    const member = await employer('Member2');
    const call = (method: string, url: string, headers: Record<string, string>, payload?: object) =>
      candidate.app.inject({ method: method as 'GET', url, headers, ...(payload ? { payload } : {}) });
    await call('POST', '/business', owner.headers, { name: 'Retry Co' });
    const invited = await call('POST', '/business/team/invitations', owner.headers, {
      email: member.email,
      role: 'Recruiter',
    });
    await call('POST', `/business/invitations/${invited.json().id}/accept`, member.headers);
    expect((await call('DELETE', `/business/team/members/${member.userId}`, owner.headers)).statusCode).toBe(200);

    let now = Date.now() + 1000;
    const worker = (deliveryUrl: string) =>
      createTeamRemovalWorker({
        db: candidate.deps.database.db,
        deliveryUrl,
        token: TOKEN,
        now: () => now,
        intervalMs: 600_000,
        logger: candidate.app.log,
      });
    const down = `http://127.0.0.1:${await freePort()}/internal/team-removals`;
    expect(await worker(down).flush()).toBe(0);
    const row = await candidate.deps.database.db
      .selectFrom('team_removals')
      .selectAll()
      .where('user_id', '=', member.userId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ attempts: 1, delivered_at: null });
    expect(row.next_attempt_at.getTime()).toBe(now + 5000);

    const up = `${identityAddress}/internal/team-removals`;
    expect(await worker(up).flush()).toBe(0); // not due yet
    expect((await refresh(member.laptop)).json().success).toBe(true);
    now += 5000;
    const delivered = await Promise.all([worker(up).flush(), worker(up).flush()]);
    expect(delivered.reduce((a, b) => a + b, 0)).toBe(1);
    expect((await refresh(member.phone)).statusCode).toBe(400);
  });

  it('is idempotent, keeps a candidate account’s sessions, and takes only the service credential, not through the proxy', async () => {
    const member = await employer('Repeat');
    const body = { removalId: randomUUID(), userId: member.userId, removedAt: new Date().toISOString() };
    const service = { authorization: `Bearer ${TOKEN}` };
    const first = await internalCall(body, service);
    expect(first.json()).toEqual({ outcome: 'ended', sessionsEnded: 2 });
    expect((await internalCall(body, service)).json()).toEqual({ outcome: 'ended', sessionsEnded: 0 });

    const candidateAccount = await registerCandidate(identity);
    const session = await signInWithCode(identity, candidateAccount.email);
    const kept = await internalCall(
      { removalId: randomUUID(), userId: candidateAccount.userId, removedAt: new Date().toISOString() },
      service,
    );
    expect(kept.json()).toEqual({ outcome: 'candidate-account', sessionsEnded: 0 });
    expect((await refresh(session)).json().success).toBe(true);

    const other = await employer('Other');
    const forOther = { removalId: randomUUID(), userId: other.userId, removedAt: new Date().toISOString() };
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}x` }, bearer(other.laptop.accessToken)])
      expect((await internalCall(forOther, headers)).statusCode).toBe(401);
    // Through nginx (X-Forwarded-For set) even the right credential finds nothing.
    expect((await internalCall(forOther, { ...service, 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(404);
    expect((await refresh(other.laptop)).json().success).toBe(true);
  });
});
