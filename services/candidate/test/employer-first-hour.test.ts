import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Availability } from '@careers/contracts/interviews';
import type { Role } from '@careers/contracts/enums';
import { encodePng } from '@careers/server-kit/png';
import { databaseKinds } from '@careers/server-kit/testing';
import { INVITATION_NOT_FOUND, INVITE_NEEDS_PROVED_ADDRESS } from '../src/modules/team/team.service';
import { multipart, startTestApp, type TestApp } from './helpers';

type Headers = Record<string, string>;

const HOURS: Availability = {
  timeZone: 'Europe/London',
  slotMinutes: 30,
  bufferMinutes: 0,
  weekly: [{ day: 2, from: '09:00', to: '12:00' }],
  exceptions: [],
  locationKind: 'video',
  location: 'https://meet.example.test/first-hour',
};

/**
 * An employer's first hour (docs/decisions/0496): who sent an invitation and declining it; the first steps
 * of a new business, each read from its own data and for members only.
 */
describe.each(databaseKinds())("an employer's first hour on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
    t.deps.mail.send = async () => {};
  });
  afterAll(async () => t?.close());

  async function person(label: string, { roles = ['BusinessUser'] as Role[], emailVerified = true } = {}) {
    const userId = randomUUID();
    const email = `${label}.${userId.slice(0, 8)}@example.test`;
    const token = await t.identity.token(userId, roles, { email, emailVerified });
    return { userId, email, headers: { authorization: `Bearer ${token}` } as Headers };
  }

  const call = (method: string, url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method: method as 'GET', url, headers, ...(payload ? { payload } : {}) });

  async function newBusiness(name: string) {
    const owner = await person('owner');
    const res = await call('POST', '/business', owner.headers, { name });
    expect(res.statusCode, res.body).toBe(200);
    return owner;
  }

  it('names who invited; the invited address declines, and the invitation is gone for the owner too', async () => {
    const owner = await newBusiness('Decline Co');
    const rae = await person('rae');
    const invited = await call('POST', '/business/team/invitations', owner.headers, {
      email: rae.email,
      role: 'Recruiter',
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const id = invited.json().id as string;

    const open = await call('GET', '/business/invitations', rae.headers);
    expect(open.json()).toEqual([
      expect.objectContaining({ id, businessName: 'Decline Co', role: 'Recruiter', invitedBy: `User ${owner.userId}` }),
    ]);

    // Not someone else's to decline, not before the address is proved, and a made-up id is the same 404.
    const stranger = await person('stranger');
    const refused = await call('POST', `/business/invitations/${id}/decline`, stranger.headers);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().detail).toBe(INVITATION_NOT_FOUND);
    expect((await call('POST', `/business/invitations/${randomUUID()}/decline`, rae.headers)).statusCode).toBe(404);
    const unproved = {
      authorization: `Bearer ${await t.identity.token(rae.userId, ['BusinessUser'], { email: rae.email, emailVerified: false })}`,
    };
    const early = await call('POST', `/business/invitations/${id}/decline`, unproved);
    expect(early.statusCode).toBe(403);
    expect(early.json().detail).toBe(INVITE_NEEDS_PROVED_ADDRESS);
    const candidate = await person('cand', { roles: ['Candidate'] });
    expect((await call('POST', `/business/invitations/${id}/decline`, candidate.headers)).statusCode).toBe(403);
    expect((await call('POST', '/business/invitations/not-an-id/decline', rae.headers)).statusCode).toBe(400);
    expect((await call('GET', '/business/team', owner.headers)).json().invitations).toHaveLength(1);

    const declined = await call('POST', `/business/invitations/${id}/decline`, rae.headers);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toEqual([]);
    expect((await call('GET', '/business/team', owner.headers)).json().invitations).toEqual([]);
    expect((await call('POST', `/business/invitations/${id}/accept`, rae.headers)).statusCode).toBe(404);
  });

  it('names no one once the inviter has left the team', async () => {
    const owner = await newBusiness('Left Co');
    const second = await person('second');
    const invitedOwner = await call('POST', '/business/team/invitations', owner.headers, {
      email: second.email,
      role: 'Owner',
    });
    expect(
      (await call('POST', `/business/invitations/${invitedOwner.json().id}/accept`, second.headers)).statusCode,
    ).toBe(200);
    const ann = await person('ann');
    await call('POST', '/business/team/invitations', second.headers, { email: ann.email, role: 'HiringManager' });
    expect((await call('GET', '/business/invitations', ann.headers)).json()[0].invitedBy).toBe(`User ${second.userId}`);
    expect((await call('DELETE', `/business/team/members/${second.userId}`, owner.headers)).statusCode).toBe(200);
    expect((await call('GET', '/business/invitations', ann.headers)).json()[0].invitedBy).toBeNull();
  });

  it("marks each first step done from the business's own data, for its members only", async () => {
    const owner = await newBusiness('Steps Co');
    const steps = async (headers = owner.headers) => {
      const res = await call('GET', '/business/first-steps', headers);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    expect(await steps()).toEqual({
      businessDetails: false,
      logo: false,
      careersPage: false,
      firstJob: false,
      colleagueInvited: false,
      interviewHours: false,
      retentionRule: false,
    });

    // The city alone is not the details; both with the phone are.
    await call('PUT', '/business', owner.headers, { name: 'Steps Co', city: 'Leeds' });
    expect((await steps()).businessDetails).toBe(false);
    await call('PUT', '/business', owner.headers, { name: 'Steps Co', city: 'Leeds', phone: '0113 496 0000' });
    expect((await steps()).businessDetails).toBe(true);

    const png = multipart(
      'logo.png',
      encodePng(8, 8, () => [20, 80, 160, 255]),
      'image/png',
    );
    const logo = await t.app.inject({
      method: 'POST',
      url: '/business/logo',
      headers: { ...owner.headers, ...png.headers },
      payload: png.payload,
    });
    expect(logo.statusCode, logo.body).toBe(200);

    const { slug } = (await call('GET', '/business/careers-page', owner.headers)).json() as { slug: string };
    await call('PUT', '/business/careers-page', owner.headers, { slug, about: '   ' });
    expect((await steps()).careersPage).toBe(false);
    await call('PUT', '/business/careers-page', owner.headers, { slug, about: 'We build boats.' });

    const job = await call('POST', '/business/jobs', owner.headers, { title: 'Boat builder', description: 'Boats' });
    expect(job.statusCode, job.body).toBe(200);
    expect(await steps()).toEqual({
      businessDetails: true,
      logo: true,
      careersPage: true,
      firstJob: true,
      colleagueInvited: false,
      interviewHours: false,
      retentionRule: false,
    });

    const recruiter = await person('recruiter');
    const invited = await call('POST', '/business/team/invitations', owner.headers, {
      email: recruiter.email,
      role: 'Recruiter',
    });
    expect((await steps()).colleagueInvited).toBe(true);
    // Cancelled before anyone joined, the step is open again; joined, it is done.
    await call('DELETE', `/business/team/invitations/${invited.json().id}`, owner.headers);
    expect((await steps()).colleagueInvited).toBe(false);
    const again = await call('POST', '/business/team/invitations', owner.headers, {
      email: recruiter.email,
      role: 'Recruiter',
    });
    await call('POST', `/business/invitations/${again.json().id}/accept`, recruiter.headers);
    expect((await steps()).colleagueInvited).toBe(true);

    // Interview hours are each member's own.
    expect((await call('PUT', '/business/interviews/availability', owner.headers, HOURS)).statusCode).toBe(200);
    expect((await steps()).interviewHours).toBe(true);
    expect((await steps(recruiter.headers)).interviewHours).toBe(false);

    expect((await call('PUT', '/business/retention', owner.headers, { country: 'NL' })).statusCode).toBe(200);
    expect(Object.values(await steps()).every(Boolean)).toBe(true);

    // Outsiders: no business, a candidate, nobody.
    const outsider = await person('outsider');
    expect((await call('GET', '/business/first-steps', outsider.headers)).statusCode).toBe(404);
    const candidate = await person('cand', { roles: ['Candidate'] });
    expect((await call('GET', '/business/first-steps', candidate.headers)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/business/first-steps' })).statusCode).toBe(401);
  });
});
