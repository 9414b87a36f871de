import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamRole } from '@careers/contracts/employer';
import { ApplicationStatus, type Role } from '@careers/contracts/enums';
import type { MailMessage } from '@careers/server-kit/mail';
import { databaseKinds } from '@careers/server-kit/testing';
import {
  INVITATION_NOT_SENT,
  LAST_OWNER,
  NO_BUSINESS,
  TOO_MANY_INVITATIONS,
  roleRefused,
} from '../src/modules/team/team.service';
import { RECEIPT_MAIL_KIND } from '../src/modules/status-emails/status-emails.service';
import { tinyPdf } from './fixtures';
import { multipart, startTestApp, unzip, uploadCv, type TestApp } from './helpers';

type Headers = Record<string, string>;

/** A business is a team (docs/decisions/0270): roles, invitations, notes, who moved what, removal. */
describe.each(databaseKinds())('a business team on %s', (kind) => {
  let t: TestApp;
  const sent: MailMessage[] = [];
  let mailDown = false;
  beforeAll(async () => {
    t = await startTestApp(kind);
    // The invitation e-mails, as the mail transport is handed them.
    t.deps.mail.send = async (message) => {
      if (mailDown) throw new Error('SMTP unreachable');
      sent.push(message);
    };
  });
  afterAll(async () => t?.close());

  /** A signed-in employer: the identity service's token with a proved address and a name. */
  async function person(label: string, roles: Role[] = ['BusinessUser'], emailVerified = true) {
    const userId = randomUUID();
    const email = `${label.toLowerCase().replace(/\s+/g, '.')}.${userId.slice(0, 8)}@example.test`;
    const token = await t.identity.token(userId, roles, { email, emailVerified });
    return { userId, email, name: `User ${userId}`, headers: { authorization: `Bearer ${token}` } as Headers };
  }

  const call = (method: string, url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method: method as 'GET', url, headers, ...(payload ? { payload } : {}) });

  async function newBusiness(name = 'Team Co') {
    const owner = await person('Owner');
    const res = await call('POST', '/business', owner.headers, { name });
    expect(res.statusCode).toBe(200);
    return { owner, businessId: res.json().id as string };
  }

  async function newJob(headers: Headers, title: string) {
    const res = await call('POST', '/business/jobs', headers, { title, description: 'Work', city: 'Leeds' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id as string;
  }

  async function applicant(name: string) {
    const userId = randomUUID();
    const email = `${name.toLowerCase().replace(/\s+/g, '.')}@example.test`;
    const headers = await t.auth(userId, ['Candidate'], email);
    await call('POST', '/candidate', headers, { name, email, phoneNumber: '0777', postcode: 'M1 1AA' });
    return { headers, cvId: await uploadCv(t, headers, `${name}.pdf`, tinyPdf(name)) };
  }

  async function apply(jobId: string, who: { headers: Headers; cvId: string }) {
    const res = await call('POST', '/job-applications', who.headers, { jobId, cvId: who.cvId, readyToWork: true });
    expect(res.json().isValidResponse).toBe(true);
    return res.json().result.applicationId as string;
  }

  /** Invites, reads the link out of the e-mail, and has the invited person accept it. */
  async function join(ownerHeaders: Headers, role: TeamRole, label: string) {
    const who = await person(label);
    const invited = await call('POST', '/business/team/invitations', ownerHeaders, { email: who.email, role });
    expect(invited.statusCode, invited.body).toBe(200);
    const accepted = await call('POST', `/business/invitations/${invited.json().id}/accept`, who.headers);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().role).toBe(role);
    return who;
  }

  it('invites by e-mail with a role; the link shows the invitation; only the invited, proved address joins', async () => {
    const { owner } = await newBusiness('Invite Co');
    const team = await call('GET', '/business/team', owner.headers);
    expect(team.json().members).toEqual([
      expect.objectContaining({ userId: owner.userId, email: owner.email, role: 'Owner', assignedJobIds: [] }),
    ]);
    expect((await call('GET', '/business/membership', owner.headers)).json()).toMatchObject({ role: 'Owner' });

    const rae = await person('Rae Recruiter');
    const before = sent.length;
    const invited = await call('POST', '/business/team/invitations', owner.headers, {
      email: `  ${rae.email.toUpperCase()} `,
      role: 'Recruiter',
    });
    expect(invited.statusCode, invited.body).toBe(200);
    expect(invited.json()).toMatchObject({ email: rae.email.toUpperCase(), role: 'Recruiter' });
    const mail = sent.slice(before);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.to).toBe(rae.email.toUpperCase());
    expect(mail[0]!.subject).toBe(`User ${owner.userId} invites you to join Invite Co on the Careers Portal`);
    const link = /https?:\/\/\S+\/employer\/join\/([0-9a-f-]{36})\/([A-Za-z0-9_-]+)/.exec(mail[0]!.text);
    expect(link, mail[0]!.text).not.toBeNull();
    const [, id, token] = link!;
    expect(id).toBe(invited.json().id);
    expect(mail[0]!.html).toContain(`/employer/join/${id}/${token}`);

    // The link's page, before anyone signs in; a wrong token learns nothing.
    const preview = await t.app.inject({ url: `/team-invitations/${id}?token=${token}` });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ businessName: 'Invite Co', role: 'Recruiter' });
    expect((await t.app.inject({ url: `/team-invitations/${id}?token=${token}x` })).statusCode).toBe(404);

    // Twice the same address, bad input, and people other than the owner.
    const again = await call('POST', '/business/team/invitations', owner.headers, { email: rae.email, role: 'Owner' });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toMatch(/invited already/);
    const badEmail = await call('POST', '/business/team/invitations', owner.headers, { email: 'no-at', role: 'Owner' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.body).toContain('Enter a valid e-mail address');
    const badRole = await call('POST', '/business/team/invitations', owner.headers, {
      email: 'x@example.test',
      role: 'Boss',
    });
    expect(badRole.statusCode).toBe(400);
    const ownAddress = await call('POST', '/business/team/invitations', owner.headers, {
      email: owner.email,
      role: 'Owner',
    });
    expect(ownAddress.statusCode).toBe(409);

    // Another address, and the right address not proved yet, cannot accept.
    const stranger = await person('Stranger');
    const wrong = await call('POST', `/business/invitations/${id}/accept`, stranger.headers);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().detail).toContain(`sent to ${rae.email.toUpperCase()}`);
    const unproved = {
      authorization: `Bearer ${await t.identity.token(rae.userId, ['BusinessUser'], { email: rae.email, emailVerified: false })}`,
    };
    expect((await call('GET', '/business/invitations', unproved)).json()).toEqual([]);
    expect((await call('POST', `/business/invitations/${id}/accept`, unproved)).statusCode).toBe(403);

    // The invited person sees it in the console and joins: the invitation is spent.
    const mine = await call('GET', '/business/invitations', rae.headers);
    expect(mine.json()).toEqual([expect.objectContaining({ id, businessName: 'Invite Co', role: 'Recruiter' })]);
    const accepted = await call('POST', `/business/invitations/${id}/accept`, rae.headers);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ role: 'Recruiter', userId: rae.userId });
    expect((await t.app.inject({ url: `/team-invitations/${id}?token=${token}` })).statusCode).toBe(404);
    expect((await call('GET', '/business', rae.headers)).json().name).toBe('Invite Co');
    const after = (await call('GET', '/business/team', owner.headers)).json();
    expect(after.members.map((m: { role: string }) => m.role)).toEqual(['Owner', 'Recruiter']);
    expect(after.invitations).toEqual([]);
    // A member of one business cannot create another, nor join a second one.
    expect((await call('POST', '/business', rae.headers, { name: 'Side Co' })).statusCode).toBe(409);
    const other = await newBusiness('Other Co');
    const second = await call('POST', '/business/team/invitations', other.owner.headers, {
      email: rae.email,
      role: 'Owner',
    });
    const refused = await call('POST', `/business/invitations/${second.json().id}/accept`, rae.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain('You already belong to Invite Co');
  });

  it('resends with a new link (the old one stops working) and cancels', async () => {
    const { owner } = await newBusiness('Resend Co');
    const invited = await call('POST', '/business/team/invitations', owner.headers, {
      email: 'later@example.test',
      role: 'HiringManager',
    });
    const id = invited.json().id as string;
    const tokenOf = (m: MailMessage) => /\/employer\/join\/[0-9a-f-]{36}\/([A-Za-z0-9_-]+)/.exec(m.text)![1];
    const first = tokenOf(sent.at(-1)!);
    const resent = await call('POST', `/business/team/invitations/${id}/resend`, owner.headers);
    expect(resent.statusCode).toBe(200);
    const second = tokenOf(sent.at(-1)!);
    expect(second).not.toBe(first);
    expect((await t.app.inject({ url: `/team-invitations/${id}?token=${first}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/team-invitations/${id}?token=${second}` })).statusCode).toBe(200);

    const other = await newBusiness('Not Theirs Co');
    expect((await call('DELETE', `/business/team/invitations/${id}`, other.owner.headers)).statusCode).toBe(404);
    const cancelled = await call('DELETE', `/business/team/invitations/${id}`, owner.headers);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().invitations).toEqual([]);
    expect((await t.app.inject({ url: `/team-invitations/${id}?token=${second}` })).statusCode).toBe(404);
  });

  it('a hiring manager reads only the applications of the jobs given to them, leaves notes, moves nothing', async () => {
    const { owner, businessId } = await newBusiness('Hiring Co');
    const given = await newJob(owner.headers, 'Given job');
    const other = await newJob(owner.headers, 'Other job');
    const ann = await applicant('Ann Given');
    const bob = await applicant('Bob Other');
    const annApp = await apply(given, ann);
    const bobApp = await apply(other, bob);
    await call('POST', '/cv-drops', bob.headers, { businessId, cvId: bob.cvId });
    const hana = await join(owner.headers, 'HiringManager', 'Hana Manager');

    expect((await call('GET', '/business/jobs', hana.headers)).json()).toEqual([]);
    const assigned = await call('PUT', `/business/team/members/${hana.userId}/jobs`, owner.headers, {
      jobIds: [given],
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const foreignJob = await newJob((await newBusiness('Elsewhere')).owner.headers, 'Not yours');
    expect(
      (await call('PUT', `/business/team/members/${hana.userId}/jobs`, owner.headers, { jobIds: [foreignJob] }))
        .statusCode,
    ).toBe(400);

    const jobs = (await call('GET', '/business/jobs', hana.headers)).json();
    expect(jobs.map((j: { title: string }) => j.title)).toEqual(['Given job']);
    expect((await call('GET', '/business/membership', hana.headers)).json()).toMatchObject({
      role: 'HiringManager',
      assignedJobIds: [given],
    });
    expect((await call('GET', `/business/jobs/${given}/applications`, hana.headers)).json().totalApplications).toBe(1);
    for (const url of [
      `/business/jobs/${other}`,
      `/business/jobs/${other}/applications`,
      `/business/jobs/${other}/stats`,
      `/business/applications/${bobApp}`,
    ])
      expect((await call('GET', url, hana.headers)).statusCode, url).toBe(404);
    expect((await call('POST', `/business/cvs/${ann.cvId}/preview-link`, hana.headers)).statusCode).toBe(200);
    expect((await call('POST', `/business/cvs/${bob.cvId}/preview-link`, hana.headers)).statusCode).toBe(404);
    const move = await call('PUT', `/business/applications/${annApp}/status`, hana.headers, { applicationStatus: 10 });
    expect(move.statusCode).toBe(403);
    expect(move.json().detail).toBe(roleRefused('HiringManager'));
    expect((await call('POST', `/business/applications/${bobApp}/notes`, hana.headers, { body: 'x' })).statusCode).toBe(
      404,
    );

    const note = await call('POST', `/business/applications/${annApp}/notes`, hana.headers, {
      body: '  Strong welding portfolio; ask about night shifts.  ',
    });
    expect(note.statusCode, note.body).toBe(200);
    expect(note.json()).toMatchObject({
      body: 'Strong welding portfolio; ask about night shifts.',
      authorName: hana.name,
    });
    const empty = await call('POST', `/business/applications/${annApp}/notes`, hana.headers, { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Write the note first.');
    expect(
      (await call('POST', `/business/applications/${annApp}/notes`, hana.headers, { body: 'x'.repeat(4001) }))
        .statusCode,
    ).toBe(400);
    // The owner sees the note, signed.
    const detail = (await call('GET', `/business/applications/${annApp}`, owner.headers)).json();
    expect(detail.notes).toEqual([expect.objectContaining({ authorName: hana.name, body: note.json().body })]);

    // The candidate never sees it: not in their applications, not in their data export.
    const theirs = await call('GET', '/job-applications', ann.headers);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.body).not.toContain('night shifts');
    expect(theirs.body).not.toContain(hana.name);
    const exported = await call('GET', '/candidate/export', ann.headers);
    expect(exported.statusCode).toBe(200);
    const entries = await unzip(exported.rawPayload);
    for (const [name, bytes] of entries) {
      expect(bytes.toString('latin1'), name).not.toContain('night shifts');
      expect(bytes.toString('latin1'), name).not.toContain(hana.name);
    }
  });

  it('names who moved an application in its history; the candidate’s own entries name nobody', async () => {
    const { owner } = await newBusiness('History Co');
    const job = await newJob(owner.headers, 'History job');
    const rae = await join(owner.headers, 'Recruiter', 'Rae Mover');
    const app = await apply(job, await applicant('Cy History'));
    expect(
      (await call('PUT', `/business/applications/${app}/status`, rae.headers, { applicationStatus: 10 })).statusCode,
    ).toBe(200);
    await new Promise((r) => setTimeout(r, 5));
    expect(
      (await call('PUT', `/business/applications/${app}/status`, owner.headers, { applicationStatus: 20 })).statusCode,
    ).toBe(200);
    const detail = (await call('GET', `/business/applications/${app}`, rae.headers)).json();
    expect(
      detail.statusHistory.map((h: { applicationStatus: number; changedBy?: string }) => [
        h.applicationStatus,
        h.changedBy ?? null,
      ]),
    ).toEqual([
      [ApplicationStatus.ScheduleInterview, `User ${owner.userId}`],
      [ApplicationStatus.Qualify, rae.name],
      [ApplicationStatus.ApplicationPending, null],
    ]);
  });

  it('changes roles and removes members; a removed member is refused at once with the token they hold; the last owner stays', async () => {
    const { owner } = await newBusiness('Removal Co');
    const job = await newJob(owner.headers, 'Kept job');
    const rae = await join(owner.headers, 'Recruiter', 'Rae Removed');
    expect((await call('GET', `/business/jobs/${job}`, rae.headers)).statusCode).toBe(200);
    // Rae interviews a candidate, has a calendar feed and writes to the candidate (docs/product.md, what each
    // ending does: a removal keeps her interviews and messages, ends her feed and mails no candidate).
    const hours = {
      timeZone: 'Europe/London',
      slotMinutes: 45,
      bufferMinutes: 15,
      weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, from: '09:00', to: '17:00' })),
      exceptions: [],
      locationKind: 'video',
      location: 'https://meet.example.test/rae',
    };
    expect((await call('PUT', '/business/interviews/availability', rae.headers, hours)).statusCode).toBe(200);
    const feed = new URL((await call('POST', '/business/interviews/feed', rae.headers)).json().url as string).pathname;
    // A proved address, so the candidate's interview e-mails go out (decision 0532).
    const cyUser = randomUUID();
    const cy = { email: `cy.${cyUser.slice(0, 8)}@example.test`, headers: {} as Headers, cvId: '' };
    cy.headers = {
      authorization: `Bearer ${await t.identity.token(cyUser, ['Candidate'], { email: cy.email, emailVerified: true })}`,
    };
    await call('POST', '/candidate', cy.headers, {
      name: 'Cy Interviewed',
      email: cy.email,
      phoneNumber: '0777',
      postcode: 'M1 1AA',
    });
    cy.cvId = await uploadCv(t, cy.headers, 'cy.pdf', tinyPdf('Cy Interviewed'));
    const cyApplication = await apply(job, cy);
    const invited = await call('POST', `/business/applications/${cyApplication}/interview`, rae.headers, {});
    expect(invited.statusCode, invited.body).toBe(200);
    const interviewUrl = `/job-applications/${cyApplication}/interview`;
    const slot = (await call('GET', interviewUrl, cy.headers)).json().interview.slots[0].startsAt as string;
    const booking = await call('PUT', `${interviewUrl}/booking`, cy.headers, { startsAt: slot });
    expect(booking.statusCode, booking.body).toBe(200);
    const thread = `/business/applications/${cyApplication}/messages`;
    expect((await call('POST', thread, rae.headers, { body: 'See you on the day.' })).statusCode).toBe(200);
    const signed = (await call('GET', thread, owner.headers)).json().messages[0].authorName as string;
    expect(signed).toEqual(expect.any(String));
    expect((await t.app.inject({ url: feed })).body).toContain('Cy Interviewed');
    // What Rae's booking and message send goes before the removal, so what comes after is the removal's (the
    // app's own workers run too: one of them may hold a row while a flush here passes it by, hence the polls).
    // The booking reached the candidate: the channel works, so silence after the removal means something.
    const toCy = (subject: string) => sent.filter((m) => m.to === cy.email && m.subject === subject).length;
    await expect
      .poll(async () => {
        await t.deps.interviews.worker.flush();
        return toCy('Interview booked');
      })
      .toBe(1);
    await expect
      .poll(async () => {
        await t.deps.messages.worker.flush();
        return toCy('An employer sent you a message about your job application');
      })
      .toBe(1);
    // And the application's receipt, which goes through the status e-mails' outbox.
    await expect
      .poll(async () => {
        await t.deps.statusMail.worker.flush();
        return sent.filter((m) => m.to === cy.email && m.kind === RECEIPT_MAIL_KIND).length;
      })
      .toBe(1);

    const lastOwner = await call('PUT', `/business/team/members/${owner.userId}/role`, owner.headers, {
      role: 'Recruiter',
    });
    expect(lastOwner.statusCode).toBe(409);
    expect(lastOwner.json().detail).toBe(LAST_OWNER);
    expect((await call('DELETE', `/business/team/members/${owner.userId}`, owner.headers)).statusCode).toBe(409);

    const promoted = await call('PUT', `/business/team/members/${rae.userId}/role`, owner.headers, { role: 'Owner' });
    expect(promoted.statusCode).toBe(200);
    expect((await call('GET', '/business/team', rae.headers)).statusCode).toBe(200);
    await call('PUT', `/business/team/members/${rae.userId}/role`, owner.headers, { role: 'HiringManager' });
    expect((await call('GET', '/business/team', rae.headers)).statusCode).toBe(403);

    const sentBefore = sent.length;
    const removed = await call('DELETE', `/business/team/members/${rae.userId}`, owner.headers);
    expect(removed.statusCode).toBe(200);
    // Her interview stays booked, her messages stay signed with her name, her feed ends, the candidate hears nothing.
    expect((await call('GET', interviewUrl, cy.headers)).json().interview).toMatchObject({
      status: 'booked',
      startsAt: slot,
    });
    expect((await call('GET', thread, owner.headers)).json().messages).toEqual([
      expect.objectContaining({ from: 'employer', authorName: signed, body: 'See you on the day.' }),
    ]);
    expect((await call('GET', `/job-applications/${cyApplication}/messages`, cy.headers)).json().messages).toEqual([
      expect.objectContaining({ from: 'employer', body: 'See you on the day.' }),
    ]);
    expect((await t.app.inject({ url: feed })).statusCode).toBe(404);
    await t.deps.interviews.worker.flush();
    await t.deps.messages.worker.flush();
    expect(sent.slice(sentBefore).filter((m) => m.to === cy.email)).toEqual([]);
    expect(removed.json().members.map((m: { userId: string }) => m.userId)).toEqual([owner.userId]);
    for (const url of ['/business', '/business/jobs', `/business/jobs/${job}`, '/business/membership']) {
      const res = await call('GET', url, rae.headers);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().detail).toBe(NO_BUSINESS);
    }
    expect((await call('DELETE', `/business/team/members/${rae.userId}`, owner.headers)).statusCode).toBe(404);
    // The console tells the removed member who removed them (decision 0351); a member sees no removal.
    const told = await call('GET', '/business/removal', rae.headers);
    expect(told.statusCode).toBe(200);
    expect(told.json()).toEqual({ removal: { businessName: 'Removal Co', removedOn: expect.any(String) } });
    expect((await call('GET', '/business/removal', owner.headers)).json()).toEqual({ removal: null });
    // Another business's owner cannot touch this team.
    const other = await newBusiness('Meddler Co');
    expect(
      (await call('PUT', `/business/team/members/${owner.userId}/role`, other.owner.headers, { role: 'Recruiter' }))
        .statusCode,
    ).toBe(404);
  });

  it('sends at most three invitation e-mails an hour to one address, from every business together', async () => {
    const target = `bombed-${randomUUID().slice(0, 8)}@example.test`;
    const first = await newBusiness('Bomb One');
    const invited = await call('POST', '/business/team/invitations', first.owner.headers, {
      email: target,
      role: 'Recruiter',
    });
    expect(invited.statusCode).toBe(200);
    const id = invited.json().id as string;
    expect((await call('POST', `/business/team/invitations/${id}/resend`, first.owner.headers)).statusCode).toBe(200);
    const second = await newBusiness('Bomb Two');
    const third = await call('POST', '/business/team/invitations', second.owner.headers, {
      email: target.toUpperCase(),
      role: 'Owner',
    });
    expect(third.statusCode).toBe(200);
    // Only the target's mail counts: the app's workers may send other mail meanwhile (receipts, status e-mails).
    const toTarget = () => sent.filter((m) => m.to.toLowerCase() === target).length;
    expect(toTarget()).toBe(3);
    const refused = await call('POST', `/business/team/invitations/${id}/resend`, first.owner.headers);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toBe(TOO_MANY_INVITATIONS);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const fourth = await call('POST', '/business/team/invitations', (await newBusiness('Bomb Three')).owner.headers, {
      email: target,
      role: 'Owner',
    });
    expect(fourth.statusCode).toBe(429);
    expect(toTarget()).toBe(3);
    // The refused resend loses nothing: the invitation and its link stand.
    expect((await call('GET', '/business/team', first.owner.headers)).json().invitations).toHaveLength(1);
  });

  it('keeps no invitation whose e-mail could not be sent, and says so', async () => {
    const { owner } = await newBusiness('Mail Down Co');
    mailDown = true;
    try {
      const res = await call('POST', '/business/team/invitations', owner.headers, {
        email: `unsent-${randomUUID().slice(0, 8)}@example.test`,
        role: 'Recruiter',
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().detail).toBe(INVITATION_NOT_SENT);
    } finally {
      mailDown = false;
    }
    expect((await call('GET', '/business/team', owner.headers)).json().invitations).toEqual([]);
  });

  it("a deleted account leaves its team (the identity service's notice)", async () => {
    const { owner } = await newBusiness('Deleted Member Co');
    const rae = await join(owner.headers, 'Recruiter', 'Rae Deleted');
    const notice = await t.app.inject({
      method: 'POST',
      url: '/account-events',
      headers: { authorization: `Bearer ${await t.identity.accountDeletedNotice(rae.userId)}` },
    });
    expect(notice.statusCode).toBe(200);
    const team = (await call('GET', '/business/team', owner.headers)).json();
    expect(team.members.map((m: { userId: string }) => m.userId)).toEqual([owner.userId]);
  });

  it('two owners removing each other at once leave one owner', async () => {
    const { owner } = await newBusiness('Race Co');
    const second = await join(owner.headers, 'Owner', 'Second Owner');
    const [a, b] = await Promise.all([
      call('DELETE', `/business/team/members/${second.userId}`, owner.headers),
      call('DELETE', `/business/team/members/${owner.userId}`, second.headers),
    ]);
    // The one removed first is no longer in the team when their own call runs (404), or is the last owner (409).
    expect([a.statusCode, b.statusCode].filter((status) => status === 200)).toHaveLength(1);
    expect([a.statusCode, b.statusCode].filter((status) => status !== 200)[0]).toBeOneOf([404, 409]);
    const left = [owner, second].filter((_, i) => [a, b][i]!.statusCode === 200);
    const team = (await call('GET', '/business/team', left[0]!.headers)).json();
    expect(team.members.map((m: { role: string }) => m.role)).toEqual(['Owner']);
  });

  it('checks the role on every employer call the OpenAPI document lists, for each role and for a removed member', async () => {
    const { owner } = await newBusiness('Sweep Co');
    const recruiter = await join(owner.headers, 'Recruiter', 'Sweep Recruiter');
    const manager = await join(owner.headers, 'HiringManager', 'Sweep Manager');
    const removed = await join(owner.headers, 'Recruiter', 'Sweep Removed');
    await call('DELETE', `/business/team/members/${removed.userId}`, owner.headers);

    const everyone: TeamRole[] = ['Owner', 'Recruiter', 'HiringManager'];
    const editors: TeamRole[] = ['Owner', 'Recruiter'];
    const owners: TeamRole[] = ['Owner'];
    /** Who may make each call; 'none' are the calls made before one is in a business (any employer token). */
    const allowed: Record<string, TeamRole[] | 'none'> = {
      'get /business': everyone,
      'post /business': 'none',
      'put /business': owners,
      'post /business/logo': owners,
      'get /business/jobs': everyone,
      'post /business/jobs': editors,
      'get /business/jobs/{id}': everyone,
      'put /business/jobs/{id}': editors,
      'get /business/jobs/{id}/stats': everyone,
      'get /business/jobs/{id}/applications': everyone,
      'get /business/applications/{id}': everyone,
      'get /business/applications/{id}/record': everyone,
      'put /business/applications/{id}/status': editors,
      'post /business/applications/{id}/notes': everyone,
      'get /business/cv-drops': editors,
      'get /business/cvs/{cvId}/download': everyone,
      'post /business/cvs/{cvId}/preview-link': everyone,
      'get /business/membership': everyone,
      'get /business/team': owners,
      'post /business/team/invitations': owners,
      'post /business/team/invitations/{id}/resend': owners,
      'delete /business/team/invitations/{id}': owners,
      'put /business/team/members/{userId}/role': owners,
      'put /business/team/members/{userId}/jobs': owners,
      'delete /business/team/members/{userId}': owners,
      'get /business/careers-page': everyone,
      'put /business/careers-page': owners,
      'get /business/jobs/{id}/distribution': everyone,
      'get /business/source-funnel': everyone,
      'get /business/interviews/availability': everyone,
      'put /business/interviews/availability': everyone,
      'get /business/applications/{id}/interview': everyone,
      'post /business/applications/{id}/interview': everyone,
      'put /business/applications/{id}/interview/booking': everyone,
      'delete /business/applications/{id}/interview': everyone,
      'get /business/interviews/feed': everyone,
      'post /business/interviews/feed': everyone,
      'delete /business/interviews/feed': everyone,
      'get /business/jobs/{id}/interviews': everyone,
      'get /business/jobs/{id}/close-preview': editors,
      'post /business/jobs/{id}/close': editors,
      'get /business/retention': everyone,
      'put /business/retention': owners,
      'get /business/jobs/{id}/deleted-applications': everyone,
      'get /business/talent-pool': editors,
      'get /business/applications/{id}/messages': everyone,
      'put /business/applications/{id}/messages/read': everyone,
      'post /business/applications/{id}/messages': everyone,
      'get /business/message-templates': everyone,
      'post /business/message-templates': editors,
      'put /business/message-templates/{id}': editors,
      'delete /business/message-templates/{id}': editors,
      'get /business/invitations': 'none',
      'get /business/removal': 'none',
      'post /business/invitations/{id}/accept': 'none',
      'post /business/invitations/{id}/decline': 'none',
      'get /business/first-steps': everyone,
      'get /business/notification-settings': everyone,
      'put /business/notification-settings': everyone,
    };
    // Bodies are validated before the role is checked: each call carries a valid one, so a 403 is the role's.
    const bodies: Record<string, object> = {
      'post /business': { name: 'X' },
      'put /business': { name: 'Sweep Co' },
      'post /business/jobs': { title: 'X', isLive: false },
      'put /business/jobs/{id}': { title: 'X' },
      'post /business/jobs/{id}/close': { outcome: 'filled' },
      'put /business/applications/{id}/status': { applicationStatus: 10 },
      'post /business/applications/{id}/notes': { body: 'x' },
      'post /business/applications/{id}/messages': { body: 'x' },
      'post /business/message-templates': { name: 'Sweep', body: 'x' },
      'put /business/message-templates/{id}': { name: 'Sweep', body: 'x' },
      'post /business/team/invitations': { email: `sweep-${randomUUID()}@example.test`, role: 'Recruiter' },
      'put /business/team/members/{userId}/role': { role: 'Recruiter' },
      'put /business/team/members/{userId}/jobs': { jobIds: [] },
      'put /business/careers-page': { slug: `sweep-co-${randomUUID().slice(0, 8)}`, about: '' },
      'put /business/interviews/availability': {
        timeZone: 'Europe/London',
        slotMinutes: 30,
        bufferMinutes: 0,
        weekly: [],
        exceptions: [],
        locationKind: 'phone',
        location: '0161 496 0000',
      },
      'post /business/applications/{id}/interview': {},
      'put /business/applications/{id}/interview/booking': { startsAt: '2027-03-23T09:00:00Z' },
      'put /business/retention': { country: 'DE' },
      'put /business/notification-settings': {
        newApplication: 'digest',
        candidateReply: 'instant',
        withdrawal: 'instant',
        bookingChange: 'off',
      },
    };
    const file = multipart('logo.png', Buffer.from('not a png'));
    const doc = (await t.app.inject({ url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    const callers: [TeamRole | 'removed', Headers][] = [
      ['Owner', owner.headers],
      ['Recruiter', recruiter.headers],
      ['HiringManager', manager.headers],
      ['removed', removed.headers],
    ];
    const listed: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      if (path !== '/business' && !path.startsWith('/business/')) continue;
      for (const [method, operation] of Object.entries(operations)) {
        if (!operation.security) continue;
        const key = `${method} ${path}`;
        listed.push(key);
        const who = allowed[key];
        expect(who, `${key} is missing from this sweep: say which roles may make it`).toBeDefined();
        for (const [role, headers] of callers) {
          // The removed member would make a business of their own here, and be a member again.
          if (key === 'post /business' && role === 'removed') continue;
          // Random ids: an allowed caller gets 404 or a list, never the role's 403.
          const url = path.replace(/\{[^}]+\}/g, () => randomUUID());
          const res = await t.app.inject({
            method: method.toUpperCase() as 'GET',
            url,
            ...(key === 'post /business/logo'
              ? { headers: { ...headers, ...file.headers }, payload: file.payload }
              : { headers, ...(bodies[key] ? { payload: bodies[key] } : {}) }),
          });
          const label = `${key} as ${role}: ${res.statusCode} ${res.body.slice(0, 120)}`;
          expect(res.statusCode, label).toBeLessThan(500);
          if (who === 'none') expect(res.statusCode, label).not.toBe(403);
          else if (role === 'removed') {
            expect(res.statusCode, label).toBe(404);
            expect(res.json().detail, label).toBe(NO_BUSINESS);
          } else if (who?.includes(role)) expect(res.statusCode, label).not.toBe(403);
          else {
            expect(res.statusCode, label).toBe(403);
            expect(res.json().detail, label).toBe(roleRefused(role));
          }
        }
      }
    }
    expect(listed.sort()).toEqual(Object.keys(allowed).sort());
  });
});
