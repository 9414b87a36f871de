import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApplicationStatus, type Role } from '@careers/contracts/enums';
import { createLogger } from '@careers/server-kit/logger';
import { createMailTransport, type MailTransport, type SentMail } from '@careers/server-kit/mail';
import { databaseKinds } from '@careers/server-kit/testing';
import { ENDING_GRACE_MS } from '../src/modules/job-endings/job-endings.service';
import { createJobEndingsWorker } from '../src/modules/job-endings/job-endings.worker';
import { createReplyReminderWorker } from '../src/modules/reply-times/reply-reminders';
import { createStatusMailWorker } from '../src/modules/status-emails/status-emails.worker';
import { tinyPdf } from './fixtures';
import { startTestApp, uploadCv, type TestApp } from './helpers';

type Headers = Record<string, string>;
const DAY = 24 * 60 * 60 * 1000;
const PORTAL = 'https://careers.example.test';

/** Issue 29 items 2 and 3 (docs/decisions/0410-0414): no silent endings, reply times kept and measured. */
describe.each(databaseKinds())('job endings and reply times on %s', (kind) => {
  let t: TestApp;
  /** The injected clock of the routes and of the test's workers. */
  let clock = Date.now();
  beforeAll(async () => {
    t = await startTestApp(kind, { CANDIDATE_WORKERS: 'false', PORTAL_URL: PORTAL });
    t.deps.jobEndings.now = () => clock;
    t.deps.replyTimes.now = () => clock;
  });
  afterAll(async () => t?.close());

  const logger = createLogger('candidate', 'silent');
  /** One instance's workers: their own mail transport (in memory), the shared database and clock. */
  function instance() {
    const mail: MailTransport = createMailTransport({ from: 'jobs@example.test', logger, now: () => clock });
    const common = { db: t.deps.database.db, now: () => clock, intervalMs: 600_000, logger };
    return {
      endings: createJobEndingsWorker(common),
      reminders: createReplyReminderWorker({ ...common, mail, portalUrl: PORTAL }),
      statusMail: createStatusMailWorker({
        ...common,
        mail,
        secret: t.deps.statusMail.secret,
        portalUrl: PORTAL,
        apiUrl: 'https://api.example.test',
        perBusinessPerHour: 100,
      }),
      sent: (to: string): SentMail[] => mail.list!().filter((m) => m.to === to),
    };
  }

  const call = (method: string, url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method: method as 'GET', url, headers, ...(payload ? { payload } : {}) });

  async function person(label: string, roles: Role[]) {
    const userId = randomUUID();
    const email = `${label}.${userId.slice(0, 8)}@example.test`;
    const token = await t.identity.token(userId, roles, { email, emailVerified: true });
    return { userId, email, headers: { authorization: `Bearer ${token}` } as Headers };
  }

  async function business(name: string, job: object = {}) {
    const owner = await person('owner', ['BusinessUser']);
    expect((await call('POST', '/business', owner.headers, { name })).statusCode).toBe(200);
    const res = await call('POST', '/business/jobs', owner.headers, {
      title: `${name} job`,
      description: 'Work',
      ...job,
    });
    expect(res.statusCode, res.body).toBe(200);
    return { owner, jobId: res.json().id as string, slug: '' };
  }

  async function applicant(jobId: string, name: string) {
    const who = await person('candidate', ['Candidate']);
    await call('POST', '/candidate', who.headers, { name, email: who.email, phoneNumber: '0777', postcode: 'M1 1AA' });
    const cvId = await uploadCv(t, who.headers, `${name}.pdf`, tinyPdf(name));
    const res = await call('POST', '/job-applications', who.headers, { jobId, cvId, readyToWork: true });
    expect(res.json().isValidResponse, res.body).toBe(true);
    return { ...who, applicationId: res.json().result.applicationId as string };
  }

  async function ownApplication(headers: Headers) {
    const res = await call('GET', '/job-applications?page=1&pageSize=10', headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().applications[0];
  }

  const statusMails = (w: ReturnType<typeof instance>, to: string) =>
    w.sent(to).filter((m) => m.subject.includes('new status'));

  it('closing a job with three open applications gives each its outcome, on the timeline and in one e-mail, once', async () => {
    clock = Date.now();
    const { owner, jobId } = await business('Endings Filled');
    const three = [await applicant(jobId, 'Ann'), await applicant(jobId, 'Ben'), await applicant(jobId, 'Cat')];
    const left = await applicant(jobId, 'Dee');
    await call('POST', `/job-applications/${left.applicationId}/withdraw`, left.headers, {});
    const hired = await applicant(jobId, 'Eve');
    await call('PUT', `/business/applications/${hired.applicationId}/status`, owner.headers, {
      applicationStatus: ApplicationStatus.Hired,
    });

    // Before closing, the employer sees who will be told what.
    const preview = await call('GET', `/business/jobs/${jobId}/close-preview?outcome=filled`, owner.headers);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ outcome: 'filled', told: 3, emailed: 3, askedToKeep: 0 });
    expect(preview.json().open).toHaveLength(3);

    const closed = await call('POST', `/business/jobs/${jobId}/close`, owner.headers, { outcome: 'filled' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await call('GET', `/job/${jobId}`, {})).json().isLive).toBe(false);
    expect((await call('POST', `/business/jobs/${jobId}/close`, owner.headers, { outcome: 'filled' })).statusCode).toBe(
      409,
    );

    const a = instance();
    const b = instance();
    // Within the grace hour nothing is given: a close undone by then tells nobody.
    expect(await a.endings.flush()).toBe(0);
    clock += ENDING_GRACE_MS + 1000;
    // Two instances at once: each application gets its outcome once.
    const given = await Promise.all([a.endings.flush(), b.endings.flush()]);
    expect(given[0] + given[1]).toBe(3);
    expect(await a.endings.flush()).toBe(0);

    for (const c of three) {
      const mine = await ownApplication(c.headers);
      expect(mine.applicationStatus).toBe(ApplicationStatus.Reject);
      expect(mine.endingReason).toBe('filled');
      expect(mine.awaitingReply).toBe(false);
      expect(mine.statusHistory[0]).toMatchObject({ applicationStatus: ApplicationStatus.Reject, reason: 'filled' });
    }
    expect((await ownApplication(left.headers)).endingReason).toBeNull();
    expect((await ownApplication(hired.headers)).applicationStatus).toBe(ApplicationStatus.Hired);
    const detail = await call('GET', `/business/applications/${three[0]!.applicationId}`, owner.headers);
    expect(detail.json().endingReason).toBe('filled');

    await Promise.all([a.statusMail.flush(), b.statusMail.flush()]);
    for (const c of three) {
      const mails = [...statusMails(a, c.email), ...statusMails(b, c.email)];
      expect(mails, c.email).toHaveLength(1);
      expect(mails[0]!.text).toContain('Why: The position was filled.');
    }
    expect([...statusMails(a, left.email), ...statusMails(b, left.email)]).toHaveLength(0);
  });

  it('asks the candidates kept on file to agree, shows until when, and gives the outcome to those who do not', async () => {
    clock = Date.now();
    const { owner, jobId } = await business('Endings Kept');
    const agrees = await applicant(jobId, 'Agnes');
    const silent = await applicant(jobId, 'Sid');
    const declines = await applicant(jobId, 'Dora');
    const told = await applicant(jobId, 'Tom');
    const keep = [agrees, silent, declines].map((c) => c.applicationId);
    const until = new Date(clock + 90 * DAY).toISOString();

    const preview = await call(
      'GET',
      `/business/jobs/${jobId}/close-preview?outcome=closed&keep=${keep.join(',')}`,
      owner.headers,
    );
    expect(preview.json()).toMatchObject({ told: 1, askedToKeep: 3 });
    // Only open applications of this job, and a date within the year.
    const stranger = await business('Endings Stranger');
    const elsewhere = await applicant(stranger.jobId, 'Eli');
    const refused = await call('POST', `/business/jobs/${jobId}/close`, owner.headers, {
      outcome: 'closed',
      keepOnFile: { applicationIds: [elsewhere.applicationId], until },
    });
    expect(refused.statusCode).toBe(400);
    const tooLong = await call('POST', `/business/jobs/${jobId}/close`, owner.headers, {
      outcome: 'closed',
      keepOnFile: { applicationIds: keep, until: new Date(clock + 400 * DAY).toISOString() },
    });
    expect(tooLong.statusCode).toBe(400);
    const closed = await call('POST', `/business/jobs/${jobId}/close`, owner.headers, {
      outcome: 'closed',
      keepOnFile: { applicationIds: keep, until },
    });
    expect(closed.json().askedToKeep).toBe(3);

    expect((await ownApplication(agrees.headers)).keepOnFile).toEqual({
      until,
      askedOn: new Date(clock).toISOString(),
      answer: null,
    });
    expect(
      (await call('PUT', `/job-applications/${agrees.applicationId}/keep-on-file`, told.headers, { agree: true }))
        .statusCode,
    ).toBe(404);
    // Only the candidate answers; only the business's editors close (the role sweeps list these calls too).
    const byEmployer = await call('PUT', `/job-applications/${agrees.applicationId}/keep-on-file`, owner.headers, {
      agree: true,
    });
    expect(byEmployer.statusCode).toBe(403);
    const byCandidate = await call('POST', `/business/jobs/${stranger.jobId}/close`, agrees.headers, {
      outcome: 'closed',
    });
    expect(byCandidate.statusCode).toBe(403);
    expect((await call('GET', `/business/jobs/${jobId}/close-preview`, stranger.owner.headers)).statusCode).toBe(404);
    const yes = await call('PUT', `/job-applications/${agrees.applicationId}/keep-on-file`, agrees.headers, {
      agree: true,
    });
    expect(yes.statusCode, yes.body).toBe(200);
    expect(yes.json().answer).toBe('agreed');
    await call('PUT', `/job-applications/${declines.applicationId}/keep-on-file`, declines.headers, { agree: false });

    const w = instance();
    clock += ENDING_GRACE_MS + 1000;
    expect(await w.endings.flush()).toBe(2);
    expect((await ownApplication(told.headers)).endingReason).toBe('closed');
    expect((await ownApplication(declines.headers)).endingReason).toBe('closed');
    expect((await ownApplication(silent.headers)).endingReason).toBeNull();
    // Unanswered for a week: the outcome after all. Agreed: kept until the date, then the outcome.
    clock += 8 * DAY;
    expect(await w.endings.flush()).toBe(1);
    expect((await ownApplication(silent.headers)).endingReason).toBe('closed');
    expect((await ownApplication(agrees.headers)).applicationStatus).toBe(ApplicationStatus.ApplicationPending);
    clock += 90 * DAY;
    expect(await w.endings.flush()).toBe(1);
    expect((await ownApplication(agrees.headers)).endingReason).toBe('closed');
  });

  it('states the promise, marks an application overdue on both sides and reminds the employer once', async () => {
    clock = Date.now();
    const { owner, jobId } = await business('Reply Promise', { replyWithinDays: 3 });
    expect((await call('GET', `/job/${jobId}`, {})).json().replyWithinDays).toBe(3);
    expect((await call('GET', `/business/jobs/${jobId}`, owner.headers)).json().replyWithinDays).toBe(3);
    // An edit without the field keeps it; 0 is refused.
    expect(
      (await call('PUT', `/business/jobs/${jobId}`, owner.headers, { title: 'Reply Promise job' })).statusCode,
    ).toBe(200);
    expect((await call('GET', `/job/${jobId}`, {})).json().replyWithinDays).toBe(3);
    expect(
      (await call('PUT', `/business/jobs/${jobId}`, owner.headers, { title: 'X', replyWithinDays: 0 })).statusCode,
    ).toBe(400);
    const defaulted = await business('Reply Default');
    expect((await call('GET', `/job/${defaulted.jobId}`, {})).json().replyWithinDays).toBe(14);

    const waiting = await applicant(jobId, 'Wanda');
    const answered = await applicant(jobId, 'Andy');
    const mine = await ownApplication(waiting.headers);
    expect(mine.replyWithinDays).toBe(3);
    expect(Date.parse(mine.replyDueOn) - Date.parse(mine.appliedOn)).toBe(3 * DAY);
    expect(mine.awaitingReply).toBe(true);
    await call('PUT', `/business/applications/${answered.applicationId}/status`, owner.headers, {
      applicationStatus: ApplicationStatus.Qualify,
    });
    const list = await call('GET', `/business/jobs/${jobId}/applications?page=1&pageSize=10`, owner.headers);
    const byId = new Map(list.json().applications.map((a: { id: string }) => [a.id, a]));
    expect(byId.get(waiting.applicationId)).toMatchObject({ awaitingReply: true, replyWithinDays: 3 });
    expect(byId.get(answered.applicationId)).toMatchObject({ awaitingReply: false });

    const a = instance();
    const b = instance();
    await Promise.all([a.reminders.flush(), b.reminders.flush()]);
    expect([...a.sent(owner.email), ...b.sent(owner.email)]).toHaveLength(0);
    clock += 3 * DAY + 1000;
    await Promise.all([a.reminders.flush(), b.reminders.flush()]);
    await Promise.all([a.reminders.flush(), b.reminders.flush()]);
    const reminders = [...a.sent(owner.email), ...b.sent(owner.email)];
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.subject).toBe('1 application has waited longer than your 3 days');
    expect(reminders[0]!.text).toContain(`${PORTAL}/employer/jobs/${jobId}`);
  });

  it("measures the business's median time to a first status change from the history, shown from 10 data points", async () => {
    clock = Date.now();
    const { owner } = await business('Median Co');
    const db = t.deps.database.db;
    await call('PUT', '/business/careers-page', owner.headers, {
      slug: `median-co-${randomUUID().slice(0, 6)}`,
      about: '',
    });
    const slug = (await call('GET', '/business/careers-page', owner.headers)).json().slug as string;
    const page = async () => (await call('GET', `/careers/${slug}`, {})).json();
    expect((await page()).replyTime).toEqual({ medianDays: null, dataPoints: 0, windowDays: 90 });
    expect((await page()).jobs[0].replyWithinDays).toBe(14);

    const who = await person('median', ['Candidate']);
    const candidate = await call('POST', '/candidate', who.headers, {
      name: 'M',
      email: who.email,
      phoneNumber: '1',
      postcode: 'M1',
    });
    const candidateId = candidate.json().id as string;
    // Nine answered after 1..9 days; one answered 200 days ago (outside the window); a withdrawal is no reply.
    async function application(appliedDaysAgo: number, repliedDaysAgo: number | null, withdrawn = false) {
      const id = randomUUID();
      const job = randomUUID();
      await sql`insert into jobs (id, business_id, title) values (${job}, ${businessId}, 'Old')`.execute(db);
      await db
        .insertInto('job_applications')
        .values({
          id,
          candidate_id: candidateId,
          job_id: job,
          ready_to_work: true,
          applied_at: new Date(clock - appliedDaysAgo * DAY),
        })
        .execute();
      if (repliedDaysAgo !== null)
        await db
          .insertInto('application_status_history')
          .values({
            id: randomUUID(),
            application_id: id,
            application_status: withdrawn ? 0 : ApplicationStatus.Qualify,
            withdrawn,
            changed_at: new Date(clock - repliedDaysAgo * DAY),
          })
          .execute();
    }
    const businessId = (await page()).business.id as string;
    for (let days = 1; days <= 9; days += 1) await application(30 + days, 30);
    await application(230, 200);
    await application(10, 5, true);
    expect((await page()).replyTime).toEqual({ medianDays: null, dataPoints: 9, windowDays: 90 });
    // An application unanswered past its promise counts with its wait so far (40 days).
    await application(40, null);
    expect((await page()).replyTime).toEqual({ medianDays: 5.5, dataPoints: 10, windowDays: 90 });
  });
});
