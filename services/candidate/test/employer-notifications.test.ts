import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApplicationStatus, type Role } from '@careers/contracts/enums';
import type { TeamRole } from '@careers/contracts/employer';
import { DEFAULT_EMPLOYER_NOTIFICATIONS } from '@careers/contracts/employer-notifications';
import type { Availability } from '@careers/contracts/interviews';
import { createLogger } from '@careers/server-kit/logger';
import { createMailTransport, type MailTransport, type SentMail } from '@careers/server-kit/mail';
import { databaseKinds } from '@careers/server-kit/testing';
import { createEmployerNotificationWorker } from '../src/modules/employer-notifications/employer-notifications.worker';
import { tinyPdf } from './fixtures';
import { startTestApp, uploadCv, type TestApp } from './helpers';

type Headers = Record<string, string>;
const DAY = 24 * 60 * 60 * 1000;
const PORTAL = 'https://careers.example.test';

const AVAILABILITY: Availability = {
  timeZone: 'UTC',
  slotMinutes: 60,
  bufferMinutes: 0,
  weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, from: '09:00', to: '17:00' })),
  exceptions: [],
  locationKind: 'phone',
  location: '0161 000 0000',
};

/** The employer hears of applications, replies, withdrawals and booking changes (docs/decisions/0497). */
describe.each(databaseKinds())('employer notifications on %s', (kind) => {
  let t: TestApp;
  let clock = Date.now();
  beforeAll(async () => {
    t = await startTestApp(kind, { CANDIDATE_WORKERS: 'false', PORTAL_URL: PORTAL });
    t.deps.employerNotifications.now = () => clock;
  });
  afterAll(async () => t?.close());

  const logger = createLogger('candidate', 'silent');
  /** One instance's worker: its own mail transport (in memory), the shared database and clock. */
  function instance() {
    const mail: MailTransport = createMailTransport({ from: 'jobs@example.test', logger, now: () => clock });
    const worker = createEmployerNotificationWorker({
      db: t.deps.database.db,
      mail,
      now: () => clock,
      intervalMs: 600_000,
      logger,
      portalUrl: PORTAL,
    });
    const all = () => mail.list!() as SentMail[];
    /** Sends what is due now: the changes were made on the real clock. */
    const flush = () => {
      clock = Date.now();
      return worker.flush();
    };
    return { worker, flush, all, to: (address: string) => all().filter((m) => m.to === address) };
  }

  const call = (method: string, url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method: method as 'GET', url, headers, ...(payload ? { payload } : {}) });

  async function person(label: string, roles: Role[] = ['BusinessUser']) {
    const userId = randomUUID();
    const email = `${label}.${userId.slice(0, 8)}@example.test`;
    const token = await t.identity.token(userId, roles, { email, emailVerified: true });
    return { userId, email, headers: { authorization: `Bearer ${token}` } as Headers };
  }

  async function join(ownerHeaders: Headers, role: TeamRole, label: string) {
    const who = await person(label);
    const invited = await call('POST', '/business/team/invitations', ownerHeaders, { email: who.email, role });
    expect(invited.statusCode, invited.body).toBe(200);
    expect((await call('POST', `/business/invitations/${invited.json().id}/accept`, who.headers)).statusCode).toBe(200);
    return who;
  }

  async function newJob(headers: Headers, title: string, replyWithinDays = 5) {
    const res = await call('POST', '/business/jobs', headers, { title, description: 'Work', replyWithinDays });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id as string;
  }

  /**
   * A business with an owner, a recruiter, a hiring manager given the job, one not given it, one removed, and
   * the owner of another business: who should hear of what happens to the job's applications, and who not.
   */
  async function team(name: string) {
    const owner = await person('owner');
    expect((await call('POST', '/business', owner.headers, { name })).statusCode).toBe(200);
    const jobId = await newJob(owner.headers, `${name} barista`);
    const otherJobId = await newJob(owner.headers, `${name} baker`);
    const recruiter = await join(owner.headers, 'Recruiter', 'recruiter');
    const manager = await join(owner.headers, 'HiringManager', 'manager');
    const elsewhere = await join(owner.headers, 'HiringManager', 'elsewhere');
    const removed = await join(owner.headers, 'Recruiter', 'removed');
    for (const [who, job] of [
      [manager, jobId],
      [elsewhere, otherJobId],
    ] as const) {
      const given = await call('PUT', `/business/team/members/${who.userId}/jobs`, owner.headers, { jobIds: [job] });
      expect(given.statusCode, given.body).toBe(200);
    }
    expect((await call('DELETE', `/business/team/members/${removed.userId}`, owner.headers)).statusCode).toBe(200);
    const stranger = await person('stranger');
    expect((await call('POST', '/business', stranger.headers, { name: `${name} rival` })).statusCode).toBe(200);
    return { owner, recruiter, manager, elsewhere, removed, stranger, jobId, otherJobId };
  }

  async function applicant(jobId: string, name: string) {
    const who = await person('candidate', ['Candidate']);
    await call('POST', '/candidate', who.headers, { name, email: who.email, phoneNumber: '0777', postcode: 'M1 1AA' });
    const cvId = await uploadCv(t, who.headers, 'cv.pdf', tinyPdf(name));
    return { ...who, cvId, apply: () => applyTo(jobId, who.headers, cvId) };
  }

  async function applyTo(jobId: string, headers: Headers, cvId: string) {
    const res = await call('POST', '/job-applications', headers, { jobId, cvId, readyToWork: true });
    expect(res.json().isValidResponse, res.body).toBe(true);
    return res.json().result.applicationId as string;
  }

  type Team = Awaited<ReturnType<typeof team>>;
  /** Who got an e-mail with this subject, among the team and the stranger. */
  const reached = (w: ReturnType<typeof instance>, scene: Team, subject: string) =>
    (['owner', 'recruiter', 'manager', 'elsewhere', 'removed', 'stranger'] as const).filter((who) =>
      w.to(scene[who].email).some((m) => m.subject === subject),
    );

  it('reads and sets only the caller’s own choices, with the defaults until they choose', async () => {
    const scene = await team('Settings Co');
    const url = '/business/notification-settings';
    expect((await call('GET', url, scene.recruiter.headers)).json()).toEqual(DEFAULT_EMPLOYER_NOTIFICATIONS);
    expect(DEFAULT_EMPLOYER_NOTIFICATIONS).toEqual({
      newApplication: 'digest',
      candidateReply: 'instant',
      withdrawal: 'instant',
      bookingChange: 'instant',
    });
    const mine = { newApplication: 'instant', candidateReply: 'digest', withdrawal: 'off', bookingChange: 'digest' };
    const saved = await call('PUT', url, scene.manager.headers, mine);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(mine);
    expect((await call('GET', url, scene.manager.headers)).json()).toEqual(mine);
    // Another member's, the owner's included, stay as they were.
    expect((await call('GET', url, scene.owner.headers)).json()).toEqual(DEFAULT_EMPLOYER_NOTIFICATIONS);
    // Every kind named, each one of the three choices; a candidate or a removed member has no settings here.
    expect((await call('PUT', url, scene.owner.headers, { ...mine, withdrawal: 'weekly' })).statusCode).toBe(400);
    expect((await call('PUT', url, scene.owner.headers, { newApplication: 'off' })).statusCode).toBe(400);
    expect((await call('GET', url, scene.removed.headers)).statusCode).toBe(404);
    const candidate = await person('candidate', ['Candidate']);
    expect((await call('PUT', url, candidate.headers, mine)).statusCode).toBe(403);
    expect((await call('GET', url, {})).statusCode).toBe(401);
  });

  it('a withdrawal reaches the owner and the members of the job at once, with its reason quoted safely, once across two instances', async () => {
    const scene = await team('Withdraw Co');
    const ann = await applicant(scene.jobId, 'Ann <b>Smith</b>');
    const applicationId = await ann.apply();
    const reason = 'Took another offer\nsee https://evil.example.com now';
    const res = await call('POST', `/job-applications/${applicationId}/withdraw`, ann.headers, { reason });
    expect(res.statusCode, res.body).toBe(200);

    const a = instance();
    const b = instance();
    await Promise.all([a.flush(), b.flush()]);
    const subject = 'A candidate withdrew their application';
    const both = [...a.all(), ...b.all()].filter((m) => m.subject === subject);
    expect(both.map((m) => m.to).sort()).toEqual(
      [scene.owner.email, scene.recruiter.email, scene.manager.email].sort(),
    );
    const mail = both.find((m) => m.to === scene.manager.email)!;
    expect(mail.text).toContain('Job: Withdraw Co barista');
    expect(mail.text).toContain('Candidate: Ann <b>Smith</b>');
    expect(mail.html).toContain('Ann &lt;b&gt;Smith&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Smith');
    expect(mail.text).toContain('(not shown in this email because it contains a web address; see it in the console)');
    expect(mail.text).not.toContain('evil.example.com');
    expect(mail.text).toContain(`${PORTAL}/employer/applications/${applicationId}`);

    // Without a link, the reason is quoted on one line.
    const ben = await applicant(scene.jobId, 'Ben');
    const second = await ben.apply();
    await call('POST', `/job-applications/${second}/withdraw`, ben.headers, { reason: 'Moving\nto Leeds' });
    await a.flush();
    const [plain] = a.to(scene.owner.email).filter((m) => m.text.includes(second));
    expect(plain!.text).toContain('Their reason: Moving to Leeds');
    // Nothing more on a second pass.
    expect(await a.flush()).toBe(0);
    expect(await b.flush()).toBe(0);
  });

  it('a new application waits for the digest by default, and is e-mailed at once to a member who chose so', async () => {
    const scene = await team('Apply Co');
    const w = instance();
    await (await applicant(scene.jobId, 'Cid')).apply();
    await w.flush();
    expect(reached(w, scene, 'A candidate applied')).toEqual([]);

    const choice = { ...DEFAULT_EMPLOYER_NOTIFICATIONS, newApplication: 'instant' };
    for (const who of [scene.recruiter, scene.elsewhere])
      expect((await call('PUT', '/business/notification-settings', who.headers, choice)).statusCode).toBe(200);
    const dee = await applicant(scene.jobId, 'Dee');
    const applicationId = await dee.apply();
    await w.flush();
    // The hiring manager of another job chose at once too, and hears nothing of this one.
    expect(reached(w, scene, 'A candidate applied')).toEqual(['recruiter']);
    expect(w.to(scene.recruiter.email)[0]!.text).toContain(`/employer/applications/${applicationId}`);

    // Turned off: nothing, however it happens.
    const off = { ...DEFAULT_EMPLOYER_NOTIFICATIONS, newApplication: 'off' };
    expect((await call('PUT', '/business/notification-settings', scene.recruiter.headers, off)).statusCode).toBe(200);
    await (await applicant(scene.jobId, 'Eve')).apply();
    await w.flush();
    expect(w.to(scene.recruiter.email).filter((m) => m.subject === 'A candidate applied')).toHaveLength(1);
  });

  it('a candidate’s replies make one e-mail per member until it is sent, never with the reply’s text', async () => {
    const scene = await team('Reply Co');
    const fay = await applicant(scene.jobId, 'Fay');
    const applicationId = await fay.apply();
    const wrote = await call('POST', `/business/applications/${applicationId}/messages`, scene.owner.headers, {
      body: 'Can you talk on Monday?',
    });
    expect(wrote.statusCode, wrote.body).toBe(200);
    for (const body of ['Yes, Monday works.', 'Visit https://phish.example.com for my portfolio'])
      expect(
        (await call('POST', `/job-applications/${applicationId}/messages`, fay.headers, { body })).statusCode,
      ).toBe(200);
    const w = instance();
    await w.flush();
    const subject = 'A candidate replied to your team’s message';
    expect(reached(w, scene, subject)).toEqual(['owner', 'recruiter', 'manager']);
    expect(w.to(scene.owner.email).filter((m) => m.subject === subject)).toHaveLength(1);
    expect(w.to(scene.owner.email)[0]!.text).not.toContain('Monday works');
    expect(w.to(scene.owner.email)[0]!.text).not.toContain('phish');

    // After it went, the next reply is news again.
    await call('POST', `/job-applications/${applicationId}/messages`, fay.headers, { body: 'Any news?' });
    await w.flush();
    expect(w.to(scene.owner.email).filter((m) => m.subject === subject)).toHaveLength(2);
  });

  it('a booking, a move and a cancel by the candidate reach the members, not the interviewer told already', async () => {
    const scene = await team('Booking Co');
    const set = await call('PUT', '/business/interviews/availability', scene.recruiter.headers, AVAILABILITY);
    expect(set.statusCode, set.body).toBe(200);
    const gus = await applicant(scene.jobId, 'Gus');
    const applicationId = await gus.apply();
    const moved = await call('PUT', `/business/applications/${applicationId}/status`, scene.recruiter.headers, {
      applicationStatus: ApplicationStatus.ScheduleInterview,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const mine = `/job-applications/${applicationId}/interview`;
    const slots = (await call('GET', mine, gus.headers)).json().interview.slots as { startsAt: string }[];
    expect(slots.length).toBeGreaterThan(1);
    expect((await call('PUT', `${mine}/booking`, gus.headers, { startsAt: slots[0]!.startsAt })).statusCode).toBe(200);
    expect((await call('PUT', `${mine}/booking`, gus.headers, { startsAt: slots[1]!.startsAt })).statusCode).toBe(200);
    expect((await call('DELETE', mine, gus.headers)).statusCode).toBe(200);
    // The employer's own cancel of an already cancelled interview is no news from the candidate.
    await call('DELETE', `/business/applications/${applicationId}/interview`, scene.owner.headers);

    const w = instance();
    await w.flush();
    for (const subject of [
      'A candidate booked an interview',
      'A candidate moved their interview',
      'A candidate cancelled their interview',
    ]) {
      expect(reached(w, scene, subject), subject).toEqual(['owner', 'manager']);
      expect(w.to(scene.owner.email).filter((m) => m.subject === subject)).toHaveLength(1);
    }
  });

  it('checks again when it sends: a member removed or taken off the job after the change hears nothing', async () => {
    const scene = await team('Late Co');
    const hal = await applicant(scene.jobId, 'Hal');
    const applicationId = await hal.apply();
    await call('POST', `/job-applications/${applicationId}/withdraw`, hal.headers, {});
    expect(
      (await call('DELETE', `/business/team/members/${scene.recruiter.userId}`, scene.owner.headers)).statusCode,
    ).toBe(200);
    await call('PUT', `/business/team/members/${scene.manager.userId}/jobs`, scene.owner.headers, { jobIds: [] });
    const w = instance();
    await w.flush();
    expect(reached(w, scene, 'A candidate withdrew their application')).toEqual(['owner']);
    expect(w.to(scene.owner.email)[0]!.text).toContain('They gave no reason.');
  });

  it('the daily digest lists what waits with its promise, at 08:00 local, once a day across instances, and nothing when nothing waits', async () => {
    const scene = await team('Digest Co');
    const slowJob = await newJob(scene.owner.headers, 'Digest Co roaster', 1);
    const ivy = await applicant(scene.jobId, 'Ivy');
    const jon = await applicant(slowJob, 'Jon');
    const waiting = await ivy.apply();
    const overdue = await jon.apply();
    const moved = await (await applicant(scene.jobId, 'Kim')).apply();
    await call('PUT', `/business/applications/${moved}/status`, scene.owner.headers, {
      applicationStatus: ApplicationStatus.ScheduleInterview,
    });
    // A fixed morning: 07:00 UTC, two and a half days after the applications.
    const morning = Date.parse('2030-06-04T07:00:00Z');
    await t.deps.database.db
      .updateTable('job_applications')
      .set({ applied_at: new Date(morning - 2.5 * DAY) })
      .where('id', 'in', [waiting, overdue, moved])
      .execute();
    // The manager chose withdrawals for the digest as well, and set their hours in New York.
    const choice = { ...DEFAULT_EMPLOYER_NOTIFICATIONS, withdrawal: 'digest' };
    expect((await call('PUT', '/business/notification-settings', scene.manager.headers, choice)).statusCode).toBe(200);
    const ny = { ...AVAILABILITY, timeZone: 'America/New_York' };
    expect((await call('PUT', '/business/interviews/availability', scene.manager.headers, ny)).statusCode).toBe(200);
    // The elsewhere manager turned the digest off.
    const none = { ...DEFAULT_EMPLOYER_NOTIFICATIONS, newApplication: 'off' };
    expect((await call('PUT', '/business/notification-settings', scene.elsewhere.headers, none)).statusCode).toBe(200);

    const a = instance();
    const b = instance();
    const digests = (w: ReturnType<typeof instance>, who: { email: string }) =>
      w.to(who.email).filter((m) => m.kind === 'employer digest');

    clock = morning;
    await a.worker.sendDigests();
    expect(digests(a, scene.owner)).toHaveLength(0);

    clock = morning + 60 * 60 * 1000; // 08:00 UTC
    await Promise.all([a.worker.sendDigests(), b.worker.sendDigests()]);
    const ownerDigests = [...digests(a, scene.owner), ...digests(b, scene.owner)];
    expect(ownerDigests).toHaveLength(1);
    const text = ownerDigests[0]!.text;
    expect(ownerDigests[0]!.subject).toBe('Your daily digest: 2 applications wait for your reply');
    expect(text).toContain('Jon for Digest Co roaster (overdue by 1 day)');
    expect(text).toContain('Ivy for Digest Co barista (reply due in 2 days)');
    expect(text.indexOf('Jon')).toBeLessThan(text.indexOf('Ivy'));
    expect(text).not.toContain('Kim');
    expect(text).toContain(`${PORTAL}/employer/applications/${overdue}`);
    // The recruiter sees both jobs; the manager in New York is at 04:00, the elsewhere manager turned it off.
    expect([...digests(a, scene.recruiter), ...digests(b, scene.recruiter)]).toHaveLength(1);
    expect([...digests(a, scene.manager), ...digests(b, scene.manager)]).toHaveLength(0);
    expect([...digests(a, scene.elsewhere), ...digests(b, scene.elsewhere)]).toHaveLength(0);
    // The stranger's business has nothing waiting: no e-mail.
    expect([...digests(a, scene.stranger), ...digests(b, scene.stranger)]).toHaveLength(0);

    // Later the same day: nothing again.
    clock = morning + 3 * 60 * 60 * 1000;
    await a.worker.sendDigests();
    expect(digests(a, scene.owner).length + digests(b, scene.owner).length).toBe(1);
    // 08:00 in New York: the manager's, with their job only and the withdrawal since.
    const left = await call('POST', `/job-applications/${waiting}/withdraw`, ivy.headers, { reason: 'Found a job' });
    expect(left.statusCode, left.body).toBe(200);
    await t.deps.database.db
      .updateTable('employer_events')
      .set({ created_at: new Date(morning + 4 * 60 * 60 * 1000) })
      .where('application_id', '=', waiting)
      .execute();
    clock = Date.parse('2030-06-04T12:30:00Z');
    await a.worker.sendDigests();
    const [managers] = digests(a, scene.manager);
    expect(managers!.subject).toBe('Your daily digest of what candidates did');
    expect(managers!.text).toContain('A candidate withdrew their application: Ivy for Digest Co barista');
    expect(managers!.text).toContain('Reason: Found a job');
    expect(managers!.text).not.toContain('Jon');

    // The operator's run, before the hour, the next day: only what has not gone today.
    clock = Date.parse('2030-06-05T06:00:00Z');
    const before = new Set([...digests(a, scene.owner), ...digests(b, scene.owner)]);
    await a.worker.sendDigests({ anyHour: true });
    await b.worker.sendDigests({ anyHour: true });
    await a.worker.sendDigests({ anyHour: true });
    const today = [...digests(a, scene.owner), ...digests(b, scene.owner)].filter((m) => !before.has(m));
    expect(today).toHaveLength(1);
    expect(today[0]!.subject).toBe('Your daily digest: 1 application waits for your reply');
    expect(today[0]!.text).toContain('Jon for Digest Co roaster (overdue by 2 days)');
  });
});
