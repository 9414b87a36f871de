import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Availability, Interview } from '@careers/contracts/interviews';
import type { SentMail } from '@careers/server-kit/mail';
import { databaseKinds } from '@careers/server-kit/testing';
import { MOVES_USED } from '../src/modules/interviews/interviews.service';
import { QUOTAS } from '../src/modules/quotas/quotas';
import { tinyPdf } from './fixtures';
import { startTestApp, uploadCv, type TestApp } from './helpers';

type Headers = Record<string, string>;

const AVAILABILITY: Availability = {
  timeZone: 'Europe/London',
  slotMinutes: 30,
  bufferMinutes: 0,
  weekly: [1, 2, 3, 4, 5].map((day) => ({ day, from: '09:00', to: '17:00' })),
  exceptions: [],
  locationKind: 'video',
  location: 'https://meet.example.test/moves',
};

/** Each move of a booked interview e-mails the interviewer: a candidate's moves are bounded. */
describe.each(databaseKinds())('how often a candidate moves interviews, on %s', (kind) => {
  let t: TestApp;
  let clock = Date.parse('2027-03-22T08:00:00Z');
  beforeAll(async () => {
    t = await startTestApp(kind, { CANDIDATE_WORKERS: 'false' });
    t.deps.interviews.now = () => clock;
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

  it('moves one interview 3 times at most, and 5 interviews an hour; the employer is not counted', async () => {
    const owner = await person('owner', ['BusinessUser']);
    expect((await call('POST', '/business', owner.headers, { name: 'Moves Co' })).statusCode).toBe(200);
    expect((await call('PUT', '/business/interviews/availability', owner.headers, AVAILABILITY)).statusCode).toBe(200);
    const candidate = await person('mover', ['Candidate']);
    await call('POST', '/candidate', candidate.headers, {
      name: 'Mo Mover',
      email: candidate.email,
      phoneNumber: '0777',
      postcode: 'M1 1AA',
    });
    const cvId = await uploadCv(t, candidate.headers, 'cv.pdf', tinyPdf('Mo'));
    const applications: string[] = [];
    for (const title of ['Driver', 'Loader']) {
      const job = await call('POST', '/business/jobs', owner.headers, { title, description: 'Work' });
      const applied = await call('POST', '/job-applications', candidate.headers, {
        jobId: job.json().id,
        cvId,
        readyToWork: true,
      });
      const applicationId = applied.json().result.applicationId as string;
      const invited = await call('POST', `/business/applications/${applicationId}/interview`, owner.headers, {});
      expect(invited.statusCode, invited.body).toBe(200);
      applications.push(applicationId);
    }
    const [first, second] = applications as [string, string];

    const book = async (applicationId: string) => {
      const mine = await call('GET', `/job-applications/${applicationId}/interview`, candidate.headers);
      const interview = mine.json().interview as Interview;
      const slot = interview.slots.find((s) => s.startsAt !== interview.startsAt)!;
      return call('PUT', `/job-applications/${applicationId}/interview/booking`, candidate.headers, {
        startsAt: slot.startsAt,
      });
    };
    const moveMailsToInterviewer = async () => {
      await t.deps.interviews.worker.flush();
      return (t.deps.mail.list!() as SentMail[]).filter(
        (m) => m.to === owner.email && m.kind === 'interview rescheduled',
      ).length;
    };

    // Booking is not a move; then 3 moves of the first interview, and the 4th is refused.
    expect((await book(first)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await book(first)).statusCode).toBe(200);
    const fourth = await book(first);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.headers['content-type']).toContain('application/problem+json');
    expect(fourth.json().detail).toBe(MOVES_USED);
    expect(MOVES_USED).toContain('3 times');
    expect(await moveMailsToInterviewer()).toBe(3);

    // The employer moves it: not the candidate's move, not counted, not refused.
    const current = (await call('GET', `/business/applications/${first}/interview`, owner.headers)).json()
      .interview as Interview;
    const other = current.slots.find((s) => s.startsAt !== current.startsAt)!;
    const byEmployer = await call('PUT', `/business/applications/${first}/interview/booking`, owner.headers, {
      startsAt: other.startsAt,
    });
    expect(byEmployer.statusCode, byEmployer.body).toBe(200);

    // The second interview: booked, moved twice (5 moves this hour), the next move waits for the hour.
    expect((await book(second)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await book(second)).statusCode).toBe(200);
    const sixth = await book(second);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().detail).toBe(QUOTAS.interviewMoves.detail);
    expect(sixth.json().detail).toContain('5 times in the last hour');
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(sixth.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(await moveMailsToInterviewer()).toBe(6); // 3 + the employer's + 2

    clock += 60 * 60 * 1000 + 1000;
    expect((await book(second)).statusCode).toBe(200);
    expect((await book(second)).json().detail).toBe(MOVES_USED);
    expect((await book(first)).json().detail).toBe(MOVES_USED);
  });
});
