import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApplicationStatus } from '@careers/contracts/enum-values';
import type { Availability, Interview } from '@careers/contracts/interviews';
import type { SentMail } from '@careers/server-kit/mail';
import { databaseKinds } from '@careers/server-kit/testing';
import { createLogger } from '@careers/server-kit/logger';
import {
  ENDING_GRACE_MS,
  INTERVIEW_CHOICE_MISSING,
  INTERVIEW_NOT_OF_JOB,
} from '../src/modules/job-endings/job-endings.service';
import { createJobEndingsWorker } from '../src/modules/job-endings/job-endings.worker';
import { tinyPdf } from './fixtures';
import { startTestApp, uploadCv, type TestApp } from './helpers';

type Headers = Record<string, string>;
const HOUR = 3_600_000;

const AVAILABILITY: Availability = {
  timeZone: 'Europe/London',
  slotMinutes: 45,
  bufferMinutes: 15,
  weekly: [1, 2, 3, 4, 5].map((day) => ({ day, from: '09:00', to: '12:00' })),
  exceptions: [],
  locationKind: 'video',
  location: 'https://meet.example.test/close-story',
};

/**
 * Closing a job tells the candidate one story (docs/decisions/0547): the close asks about each interview
 * still to happen and cancels those the employer chose in its own transaction; the candidate's application
 * then carries the close and the interview; the ending pass writes the outcome through the applications'
 * own status move and leaves a kept interview to happen first.
 */
describe.each(databaseKinds())('closing a job with interviews, on %s', (kind) => {
  let t: TestApp;
  let clock = Date.parse('2027-03-22T08:00:00Z'); // a Monday
  beforeAll(async () => {
    t = await startTestApp(kind, { CANDIDATE_WORKERS: 'false' });
    t.deps.interviews.now = () => clock;
    t.deps.jobEndings.now = () => clock;
  });
  afterAll(async () => t?.close());

  const call = (method: string, url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method: method as 'GET', url, headers, ...(payload ? { payload } : {}) });

  async function person(label: string, roles: ('BusinessUser' | 'Candidate')[]) {
    const userId = randomUUID();
    const email = `${label}.${userId.slice(0, 8)}@example.test`;
    const token = await t.identity.token(userId, roles, { email, emailVerified: true });
    return { userId, email, headers: { authorization: `Bearer ${token}` } as Headers };
  }

  async function business(name: string) {
    const owner = await person('owner', ['BusinessUser']);
    expect((await call('POST', '/business', owner.headers, { name })).statusCode).toBe(200);
    const job = await call('POST', '/business/jobs', owner.headers, { title: `${name} engineer`, description: 'Work' });
    expect(job.statusCode, job.body).toBe(200);
    const set = await call('PUT', '/business/interviews/availability', owner.headers, AVAILABILITY);
    expect(set.statusCode, set.body).toBe(200);
    // A talent pool, so a candidate can consent to be kept for other roles (the close leaves that consent alone).
    const rule = await call('PUT', '/business/retention', owner.headers, {
      country: 'UK',
      keepDays: 30,
      poolDays: 365,
    });
    expect(rule.statusCode, rule.body).toBe(200);
    return { owner, jobId: job.json().id as string };
  }

  async function newJob(owner: { headers: Headers }, title: string) {
    const job = await call('POST', '/business/jobs', owner.headers, { title, description: 'Work' });
    expect(job.statusCode, job.body).toBe(200);
    return job.json().id as string;
  }

  async function applicant(jobId: string, name: string) {
    const c = await person('candidate', ['Candidate']);
    await call('POST', '/candidate', c.headers, { name, email: c.email, phoneNumber: '0777', postcode: 'M1 1AA' });
    const cvId = await uploadCv(t, c.headers, 'cv.pdf', tinyPdf(name));
    const res = await call('POST', '/job-applications', c.headers, { jobId, cvId, readyToWork: true });
    expect(res.json().isValidResponse, res.body).toBe(true);
    return { ...c, applicationId: res.json().result.applicationId as string };
  }

  async function invite(owner: { headers: Headers }, applicationId: string) {
    const res = await call('PUT', `/business/applications/${applicationId}/status`, owner.headers, {
      applicationStatus: ApplicationStatus.ScheduleInterview,
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  async function book(c: { headers: Headers; applicationId: string }, slot: number) {
    const mine = `/job-applications/${c.applicationId}/interview`;
    const interview = (await call('GET', mine, c.headers)).json().interview as Interview;
    const startsAt = interview.slots[slot]!.startsAt;
    const res = await call('PUT', `${mine}/booking`, c.headers, { startsAt });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().interview as Interview;
  }

  const ownApplication = async (c: { headers: Headers; applicationId: string }) => {
    const res = await call('GET', `/job-applications/${c.applicationId}`, c.headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  const mail = () => t.deps.mail.list!() as SentMail[];
  const cancels = (address: string) => mail().filter((m) => m.to === address && m.kind === 'interview cancelled');
  /** The interview e-mails queued on the test's clock go out. */
  const sendInterviewMail = () => t.deps.interviews.worker.flush();
  const endings = () =>
    createJobEndingsWorker({
      db: t.deps.database.db,
      now: () => clock,
      intervalMs: 600_000,
      logger: createLogger('candidate', 'silent'),
    });

  it('lists the interviews to decide, refuses a missing or foreign choice, cancels the chosen ones with the close', async () => {
    const { owner, jobId } = await business('Close Story');
    const ann = await applicant(jobId, 'Ann Booked');
    const ben = await applicant(jobId, 'Ben Kept');
    const cat = await applicant(jobId, 'Cat Invited');
    const eve = await applicant(jobId, 'Eve Kept Invitation');
    for (const c of [ann, ben, cat, eve]) await invite(owner, c.applicationId);
    const annInterview = await book(ann, 0);
    const benInterview = await book(ben, 1);
    // An interview of another job of the same business is not this close's to decide.
    const otherJob = await newJob(owner, 'Other role');
    const dee = await applicant(otherJob, 'Dee Elsewhere');
    await invite(owner, dee.applicationId);
    const deeInterview = (await call('GET', `/job-applications/${dee.applicationId}/interview`, dee.headers)).json()
      .interview as Interview;
    // Ann's thread with the business and her consent to other roles, which the close leaves as they are.
    const thread = `/business/applications/${ann.applicationId}/messages`;
    expect((await call('POST', thread, owner.headers, { body: 'Thank you for booking.' })).statusCode).toBe(200);
    expect(
      (await call('POST', `/job-applications/${ann.applicationId}/messages`, ann.headers, { body: 'See you then.' }))
        .statusCode,
    ).toBe(200);
    const pooled = await call('PUT', `/job-applications/${ann.applicationId}/talent-pool`, ann.headers);
    expect(pooled.statusCode, pooled.body).toBe(200);
    const keptForOtherRolesUntil = pooled.json().keptForOtherRolesUntil as string;
    expect(keptForOtherRolesUntil).toEqual(expect.any(String));
    await sendInterviewMail();
    const before = new Set(mail());

    const preview = await call('GET', `/business/jobs/${jobId}/close-preview?outcome=filled`, owner.headers);
    expect(preview.statusCode, preview.body).toBe(200);
    const listed = preview.json().interviews as { id: string; candidateName: string; status: string }[];
    expect(listed.map((i) => [i.candidateName, i.status]).sort()).toEqual([
      ['Ann Booked', 'booked'],
      ['Ben Kept', 'booked'],
      ['Cat Invited', 'invited'],
      ['Eve Kept Invitation', 'invited'],
    ]);
    const catInterviewId = listed.find((i) => i.candidateName === 'Cat Invited')!.id;
    const eveInterviewId = listed.find((i) => i.candidateName === 'Eve Kept Invitation')!.id;

    // No choice for Cat's invitation: 400, and nothing happened (the job is still open).
    const missing = await call('POST', `/business/jobs/${jobId}/close`, owner.headers, {
      outcome: 'filled',
      interviews: [
        { interviewId: annInterview.id, choice: 'cancel' },
        { interviewId: benInterview.id, choice: 'keep' },
      ],
    });
    expect(missing.statusCode, missing.body).toBe(400);
    expect(missing.json().detail).toBe(INTERVIEW_CHOICE_MISSING);
    // An interview of another job: 404, and still nothing happened.
    const foreign = await call('POST', `/business/jobs/${jobId}/close`, owner.headers, {
      outcome: 'filled',
      interviews: [
        { interviewId: annInterview.id, choice: 'cancel' },
        { interviewId: benInterview.id, choice: 'keep' },
        { interviewId: catInterviewId, choice: 'cancel' },
        { interviewId: eveInterviewId, choice: 'keep' },
        { interviewId: deeInterview.id, choice: 'cancel' },
      ],
    });
    expect(foreign.statusCode, foreign.body).toBe(404);
    expect(foreign.json().detail).toBe(INTERVIEW_NOT_OF_JOB);
    expect((await call('GET', `/job/${jobId}`, {})).json().isLive).toBe(true);
    expect((await ownApplication(ann)).interview).toMatchObject({ status: 'booked' });
    expect((await ownApplication(dee)).interview).toMatchObject({ status: 'invited' });

    const closed = await call('POST', `/business/jobs/${jobId}/close`, owner.headers, {
      outcome: 'filled',
      interviews: [
        { interviewId: annInterview.id, choice: 'cancel' },
        { interviewId: benInterview.id, choice: 'keep' },
        { interviewId: catInterviewId, choice: 'cancel' },
        { interviewId: eveInterviewId, choice: 'keep' },
      ],
    });
    expect(closed.statusCode, closed.body).toBe(200);

    // The candidate's page has the close, and the interview cancelled by it; the kept one stands.
    const annNow = await ownApplication(ann);
    expect(annNow.jobClosed).toEqual({ on: new Date(clock).toISOString(), outcome: 'filled' });
    expect(annNow.interview).toMatchObject({ status: 'cancelled', cancelledBy: 'employer', cancelledOnClose: true });
    expect((await ownApplication(ben)).interview).toMatchObject({ status: 'booked', cancelledOnClose: false });
    expect((await ownApplication(cat)).interview).toMatchObject({ status: 'cancelled', cancelledOnClose: true });
    expect((await ownApplication(eve)).interview).toMatchObject({ status: 'invited', cancelledOnClose: false });
    expect((await ownApplication(dee)).interview).toMatchObject({ status: 'invited' });
    expect((await ownApplication(dee)).jobClosed).toBeNull();
    // The list carries the same, for home and the cards.
    const list = await call('GET', '/job-applications?page=1&pageSize=10', ann.headers);
    expect(list.json().applications[0].interview).toMatchObject({ status: 'cancelled', cancelledOnClose: true });

    // The cancel path's e-mails: the booked one leaves both calendars (METHOD:CANCEL); the invitation tells the candidate.
    await sendInterviewMail();
    const fresh = mail().filter((m) => !before.has(m));
    const cancelOf = (address: string) => fresh.filter((m) => m.to === address && m.kind === 'interview cancelled');
    expect(cancelOf(ann.email)).toHaveLength(1);
    expect(cancelOf(ann.email)[0]!.attachments?.[0]?.content).toContain('METHOD:CANCEL');
    expect(cancelOf(owner.email)).toHaveLength(1);
    expect(cancelOf(cat.email)).toHaveLength(1);
    expect(cancelOf(ben.email)).toHaveLength(0);
    expect(cancelOf(eve.email)).toHaveLength(0);
    expect(cancels(dee.email)).toHaveLength(0);

    // The ending pass: Ann, Cat and Eve get the outcome through the status move (timeline with the reason,
    // e-mail), and Eve's kept invitation, never booked, is cancelled with it; Ben's kept interview is still
    // ahead, so his application waits for it.
    clock += ENDING_GRACE_MS + 1000;
    expect(await endings().flush()).toBe(3);
    const eveEnded = await ownApplication(eve);
    expect(eveEnded.endingReason).toBe('filled');
    expect(eveEnded.interview).toMatchObject({ status: 'cancelled' });
    const annEnded = await ownApplication(ann);
    expect(annEnded.applicationStatus).toBe(ApplicationStatus.Reject);
    expect(annEnded.endingReason).toBe('filled');
    expect(annEnded.statusHistory[0]).toMatchObject({ applicationStatus: ApplicationStatus.Reject, reason: 'filled' });
    expect(annEnded.deletesOn).not.toBeNull();
    // The close and its outcome leave Ann's consent to other roles and her thread, readable by both sides.
    expect(annEnded.keptForOtherRolesUntil).toBe(keptForOtherRolesUntil);
    for (const [url, headers] of [
      [thread, owner.headers],
      [`/job-applications/${ann.applicationId}/messages`, ann.headers],
    ] as const) {
      const read = await call('GET', url, headers);
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json().messages.map((m: { body: string }) => m.body)).toEqual([
        'Thank you for booking.',
        'See you then.',
      ]);
    }
    const benWaiting = await ownApplication(ben);
    expect(benWaiting.applicationStatus).toBe(ApplicationStatus.ScheduleInterview);
    expect(benWaiting.endingReason).toBeNull();

    // Once Ben's interview is over, the pass gives his outcome and leaves the interview as it happened.
    clock = Date.parse(benInterview.endsAt!) + HOUR;
    expect(await endings().flush()).toBe(1);
    const benEnded = await ownApplication(ben);
    expect(benEnded.endingReason).toBe('filled');
    expect(benEnded.interview).toMatchObject({ status: 'booked' });
  });
});
