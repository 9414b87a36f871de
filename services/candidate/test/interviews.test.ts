import { randomUUID } from 'node:crypto';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApplicationStatus } from '@careers/contracts/enum-values';
import { HOURS_OVERLAP, type Availability, type Interview } from '@careers/contracts/interviews';
import type { SentMail } from '@careers/server-kit/mail';
import { databaseKinds } from '@careers/server-kit/testing';
import { createLogger } from '@careers/server-kit/logger';
import { timeInZone } from '@careers/server-kit/mail-layout';
import { buildApp, openDependencies } from '../src/app';
import { createInterviewWorker } from '../src/modules/interviews/interviews.worker';
import { SLOT_TAKEN } from '../src/modules/interviews/interviews.service';
import { tinyPdf } from './fixtures';
import { startTestApp, unzip, uploadCv, type TestApp } from './helpers';

type Headers = Record<string, string>;

const AVAILABILITY: Availability = {
  timeZone: 'Europe/London',
  slotMinutes: 45,
  bufferMinutes: 15,
  weekly: [1, 2, 3, 4, 5].map((day) => ({ day, from: '09:00', to: '12:00' })),
  exceptions: [{ date: '2027-03-24', ranges: [] }],
  locationKind: 'video',
  location: 'https://meet.example.test/abc-defg-hij',
};

/** Interviews (issue 28 items 2-5): availability, invitation, booking, the race, .ics, reminders, the feed. */
describe.each(databaseKinds())('interviews, on %s', (kind) => {
  let t: TestApp;
  let clock = Date.parse('2027-03-22T08:00:00Z'); // a Monday, the week before the clocks go forward in London
  beforeAll(async () => {
    // The tests run the interview worker themselves (flush) on their clock; a background pass on another clock
    // would drop an e-mail queued on the real one as two days old before the test reads it.
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

  async function business(name: string) {
    const owner = await person('owner', ['BusinessUser']);
    expect((await call('POST', '/business', owner.headers, { name })).statusCode).toBe(200);
    const job = await call('POST', '/business/jobs', owner.headers, { title: `${name} engineer`, description: 'Work' });
    expect(job.statusCode, job.body).toBe(200);
    const set = await call('PUT', '/business/interviews/availability', owner.headers, AVAILABILITY);
    expect(set.statusCode, set.body).toBe(200);
    return { owner, jobId: job.json().id as string };
  }

  async function applicant(jobId: string, name: string) {
    const c = await person('candidate', ['Candidate']);
    const made = await call('POST', '/candidate', c.headers, {
      name,
      email: c.email,
      phoneNumber: '0777',
      postcode: 'M1 1AA',
    });
    const candidateId = made.json().id as string;
    const cvId = await uploadCv(t, c.headers, 'cv.pdf', tinyPdf(name));
    const res = await call('POST', '/job-applications', c.headers, { jobId, cvId, readyToWork: true });
    expect(res.json().isValidResponse, res.body).toBe(true);
    return { ...c, candidateId, cvId, applicationId: res.json().result.applicationId as string };
  }

  const interviewOf = async (headers: Headers, url: string) => {
    const res = await call('GET', url, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().interview as Interview;
  };

  const mail = () => t.deps.mail.list!() as SentMail[];
  const to = (address: string, kind?: string) =>
    mail().filter((m) => m.to === address && (kind === undefined || m.kind === `interview ${kind}`));
  const calendarOf = (m: SentMail) => {
    const ics = m.attachments?.[0]?.content;
    expect(ics, m.subject).toBeDefined();
    expect(ics).toMatch(/\r\n$/);
    for (const line of ics!.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const root = new ICAL.Component(ICAL.parse(ics!));
    const event = root.getFirstSubcomponent('vevent')!;
    const value = (name: string) => String(event.getFirstPropertyValue(name));
    return {
      method: String(root.getFirstPropertyValue('method')),
      uid: value('uid'),
      sequence: Number(event.getFirstPropertyValue('sequence')),
      start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
      end: (event.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate().toISOString(),
      utc: (event.getFirstPropertyValue('dtstart') as ICAL.Time).zone?.tzid === 'UTC',
      organizer: value('organizer'),
      attendee: value('attendee'),
      location: value('location'),
      status: value('status'),
    };
  };

  it('invites on "Schedule interview"; the candidate books; moves and a cancel reach both calendars with one UID', async () => {
    const { owner, jobId } = await business('Interview Co');
    const ada = await applicant(jobId, 'Ada Booker');
    const mine = `/job-applications/${ada.applicationId}/interview`;
    const theirs = `/business/applications/${ada.applicationId}/interview`;
    expect(await interviewOf(ada.headers, mine)).toBeNull();

    const moved = await call('PUT', `/business/applications/${ada.applicationId}/status`, owner.headers, {
      applicationStatus: ApplicationStatus.ScheduleInterview,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const invited = await interviewOf(ada.headers, mine);
    expect(invited).toMatchObject({ status: 'invited', timeZone: 'Europe/London', locationKind: 'video' });
    // Tuesday 23 March is 09:00 GMT = 09:00 UTC; Wednesday is an exception; Monday 29 March is BST: 08:00 UTC.
    const starts = invited.slots.map((s) => s.startsAt);
    expect(starts.slice(0, 3)).toEqual([
      '2027-03-23T09:00:00.000Z',
      '2027-03-23T10:00:00.000Z',
      '2027-03-23T11:00:00.000Z',
    ]);
    expect(starts.some((s) => s.startsWith('2027-03-24'))).toBe(false);
    expect(starts.filter((s) => s.startsWith('2027-03-29'))).toEqual([
      '2027-03-29T08:00:00.000Z',
      '2027-03-29T09:00:00.000Z',
      '2027-03-29T10:00:00.000Z',
    ]);
    expect(invited.slots[0]!.endsAt).toBe('2027-03-23T09:45:00.000Z');

    // The move was made on the real clock (the status route's): its e-mail goes on that clock too.
    const saved = clock;
    clock = Date.now();
    await t.deps.interviews.worker.flush();
    const openNow = (await interviewOf(ada.headers, mine))!.slots.slice(0, 3);
    clock = saved;
    const invitation = to(ada.email, 'invitation');
    expect(invitation).toHaveLength(1);
    expect(invitation[0]!.text).toContain(`/applications/${ada.applicationId}`);
    expect(invitation[0]!.attachments).toBeUndefined();
    // It lists the first open times as the page offers them, in the interviewer's zone said so (the
    // candidate's is not known), and promises no attachment it lacks.
    expect(openNow).toHaveLength(3);
    expect(invitation[0]!.text).toContain(
      `The first open times, in the interviewer’s time zone (Europe/London); your application’s page shows them in yours:\n\n${openNow
        .map((slot) => `    ${timeInZone(new Date(slot.startsAt), 'Europe/London', new Date(slot.endsAt))}`)
        .join('\n')}\n`,
    );
    expect(invitation[0]!.text).not.toMatch(/attach/i);

    // A slot that is not offered is refused, with problem details.
    const wrong = await call('PUT', `${mine}/booking`, ada.headers, { startsAt: '2027-03-23T09:30:00Z' });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().detail).toBe(SLOT_TAKEN);

    const booked = await call('PUT', `${mine}/booking`, ada.headers, { startsAt: '2027-03-29T08:00:00.000Z' });
    expect(booked.statusCode, booked.body).toBe(200);
    // The pipeline shows it on the application's card.
    const pipeline = await call('GET', `/business/jobs/${jobId}/interviews`, owner.headers);
    expect(pipeline.json().interviews).toEqual([
      {
        applicationId: ada.applicationId,
        status: 'booked',
        startsAt: '2027-03-29T08:00:00.000Z',
        timeZone: 'Europe/London',
      },
    ]);
    expect(booked.json().interview).toMatchObject({ status: 'booked', startsAt: '2027-03-29T08:00:00.000Z' });
    expect((await interviewOf(owner.headers, theirs)).startsAt).toBe('2027-03-29T08:00:00.000Z');
    await t.deps.interviews.worker.flush();
    const [candidateMail] = to(ada.email, 'booked');
    const [ownerMail] = to(owner.email, 'booked');
    const first = calendarOf(candidateMail!);
    expect(first).toMatchObject({
      method: 'REQUEST',
      sequence: 0,
      start: '2027-03-29T08:00:00.000Z',
      end: '2027-03-29T08:45:00.000Z',
      utc: true,
      organizer: `mailto:${owner.email}`,
      attendee: `mailto:${ada.email}`,
      location: AVAILABILITY.location,
      status: 'CONFIRMED',
    });
    expect(calendarOf(ownerMail!)).toEqual(first);
    expect(candidateMail!.attachments![0]!.contentType).toContain('method=REQUEST');
    // The video link is in the invitation, never in the e-mail's words (docs/decisions/0433).
    expect(candidateMail!.text).not.toContain('meet.example.test');
    expect(candidateMail!.text).toContain(
      'When, in the interviewer’s time zone: Monday 29 March 2027, 09:00–09:45 (Europe/London)',
    );
    expect(ownerMail!.text).toContain('When: Monday 29 March 2027, 09:00–09:45 (Europe/London)');

    // The candidate moves it, then the employer: same UID, SEQUENCE 1 then 2.
    expect((await call('PUT', `${mine}/booking`, ada.headers, { startsAt: '2027-03-29T09:00:00Z' })).statusCode).toBe(
      200,
    );
    expect(
      (await call('PUT', `${theirs}/booking`, owner.headers, { startsAt: '2027-03-30T10:00:00Z' })).statusCode,
    ).toBe(200);
    await t.deps.interviews.worker.flush();
    const moves = to(ada.email, 'rescheduled').map(calendarOf);
    expect(moves.map((m) => [m.uid, m.sequence, m.start]).sort()).toEqual([
      [first.uid, 1, '2027-03-29T09:00:00.000Z'],
      [first.uid, 2, '2027-03-30T10:00:00.000Z'],
    ]);
    expect(to(owner.email, 'rescheduled')).toHaveLength(2);

    const cancelled = await call('DELETE', theirs, owner.headers);
    expect(cancelled.json().interview).toMatchObject({ status: 'cancelled', cancelledBy: 'employer', slots: [] });
    await t.deps.interviews.worker.flush();
    for (const address of [ada.email, owner.email]) {
      const [notice] = to(address, 'cancelled');
      expect(calendarOf(notice!)).toMatchObject({ method: 'CANCEL', uid: first.uid, sequence: 3, status: 'CANCELLED' });
    }
    // After a cancel the employer can invite again; a new interview has a new UID.
    const again = await call('POST', theirs, owner.headers, {});
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().interview.id).not.toBe(invited.id);

    // The candidate's interviews are in their data export, and go with their account.
    const exported = await t.app.inject({ url: '/candidate/export', headers: ada.headers });
    expect(exported.statusCode).toBe(200);
    const listed = JSON.parse((await unzip(exported.rawPayload)).get('interviews.json')!.toString());
    expect(listed.map((i: { id: string; status: string }) => [i.id, i.status])).toEqual([
      [invited.id, 'cancelled'],
      [again.json().interview.id, 'invited'],
    ]);
    const deleted = await call('DELETE', '/candidate', ada.headers, { id: ada.candidateId });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    const left = await t.deps.database.db
      .selectFrom('interviews')
      .select('id')
      .where('candidate_id', '=', ada.candidateId)
      .execute();
    expect(left).toEqual([]);
  });

  it("says the candidate's times in the zone their browser gave at booking, the interviewer's in theirs", async () => {
    const { owner, jobId } = await business('Zone Co');
    const cara = await applicant(jobId, 'Cara Zone');
    const mine = `/job-applications/${cara.applicationId}/interview`;
    const moved = await call('PUT', `/business/applications/${cara.applicationId}/status`, owner.headers, {
      applicationStatus: ApplicationStatus.ScheduleInterview,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // A name longer than any zone is refused; one this server does not know books all the same, and is not kept.
    const long = await call('PUT', `${mine}/booking`, cara.headers, {
      startsAt: '2027-03-29T08:00:00.000Z',
      timeZone: 'x'.repeat(65),
    });
    expect(long.statusCode).toBe(400);
    const odd = await call('PUT', `${mine}/booking`, cara.headers, {
      startsAt: '2027-03-29T08:00:00.000Z',
      timeZone: 'Mars/Olympus_Mons',
    });
    expect(odd.statusCode, odd.body).toBe(200);
    await t.deps.interviews.worker.flush();
    const [booked] = to(cara.email, 'booked');
    expect(booked!.text).toContain(
      'When, in the interviewer’s time zone: Monday 29 March 2027, 09:00–09:45 (Europe/London)',
    );

    const paris = await call('PUT', `${mine}/booking`, cara.headers, {
      startsAt: '2027-03-29T09:00:00.000Z',
      timeZone: 'Europe/Paris',
    });
    expect(paris.statusCode, paris.body).toBe(200);
    await t.deps.interviews.worker.flush();
    const [rescheduled] = to(cara.email, 'rescheduled');
    expect(rescheduled!.text).toContain('When: Monday 29 March 2027, 11:00–11:45 (Europe/Paris)');
    expect(rescheduled!.text).toContain('The interviewer’s time: Monday 29 March 2027, 10:00–10:45 (Europe/London)');
    const [theirs] = to(owner.email, 'rescheduled');
    expect(theirs!.text).toContain('When: Monday 29 March 2027, 10:00–10:45 (Europe/London)');
    expect(theirs!.text).not.toContain('Europe/Paris');
  });

  it("takes a booked interview out of the interviewer's calendar when its application is deleted, saying nothing of the candidate", async () => {
    const { owner, jobId } = await business('Gone Co');
    const businessId = (await call('GET', '/business', owner.headers)).json().id as string;
    const bea = await applicant(jobId, 'Bea Leaving');
    const cal = await applicant(jobId, 'Cal Takeback');
    const dee = await applicant(jobId, 'Dee Notice');
    const uids: Record<string, string> = {};
    for (const [who, startsAt] of [
      [bea, '2027-03-23T09:00:00.000Z'],
      [cal, '2027-03-23T10:00:00.000Z'],
      [dee, '2027-03-23T11:00:00.000Z'],
    ] as const) {
      const moved = await call('PUT', `/business/applications/${who.applicationId}/status`, owner.headers, {
        applicationStatus: ApplicationStatus.ScheduleInterview,
      });
      expect(moved.statusCode, moved.body).toBe(200);
      const booked = await call('PUT', `/job-applications/${who.applicationId}/interview/booking`, who.headers, {
        startsAt,
      });
      expect(booked.statusCode, booked.body).toBe(200);
      uids[who.email] = booked.json().interview.id as string;
    }
    await t.deps.interviews.worker.flush();
    // The deletions run on the real clock: so does the worker from here (on the test's clock, an e-mail queued
    // on the real one is older than two days, and dropped).
    const saved = clock;
    clock = Date.now();
    try {
      const booked = to(owner.email, 'booked').map(calendarOf);
      expect(booked).toHaveLength(3);

      // One candidate deletes the candidate record, one account is deleted at the identity service (its notice),
      // one takes the CV back from the business.
      expect((await call('DELETE', '/candidate', bea.headers, { id: bea.candidateId })).statusCode).toBeLessThan(300);
      const notice = await t.app.inject({
        method: 'POST',
        url: '/account-events',
        headers: { authorization: `Bearer ${await t.identity.accountDeletedNotice(dee.userId)}` },
      });
      expect(notice.json(), notice.body).toMatchObject({ candidateDeleted: true });
      const takeBack = await call('POST', `/cvs/${cal.cvId}/take-back`, cal.headers, { businessId });
      expect(takeBack.statusCode, takeBack.body).toBe(200);
      clock = Date.now();
      await t.deps.interviews.worker.flush();

      const notices = to(owner.email, 'cancelled');
      expect(notices).toHaveLength(3);
      const events = notices.map(calendarOf);
      for (const who of [bea, cal, dee]) {
        const uid = booked.find((b) => b.uid.includes(uids[who.email]!))!.uid;
        expect(events.find((e) => e.uid === uid)).toMatchObject({
          method: 'CANCEL',
          sequence: 1,
          status: 'CANCELLED',
          organizer: `mailto:${owner.email}`,
          attendee: 'null',
        });
      }
      for (const notice of notices) {
        expect(notice.subject).toBe('Interview cancelled');
        expect(notice.text).toContain('the candidate’s application was deleted');
        expect(notice.text).toContain('Gone Co engineer');
        for (const gone of [bea, cal, dee]) {
          expect(notice.text).not.toContain(gone.email);
          expect(notice.attachments![0]!.content).not.toContain(gone.email);
        }
        expect(notice.text).not.toMatch(/Bea Leaving|Cal Takeback|Dee Notice/);
      }
      // The candidates were not written to (their data is gone); the interviewer's times are free again.
      expect(to(bea.email, 'cancelled')).toEqual([]);
      expect(to(cal.email, 'cancelled')).toEqual([]);
      expect(to(dee.email, 'cancelled')).toEqual([]);
      expect((await call('GET', `/business/jobs/${jobId}/interviews`, owner.headers)).json().interviews).toEqual([]);
      // Each notice is sent once: the outbox keeps no e-mail still to send.
      await t.deps.interviews.worker.flush();
      expect(to(owner.email, 'cancelled')).toHaveLength(3);
    } finally {
      clock = saved;
    }
  });

  it('lets exactly one of racing candidates have a slot; the others are offered the rest', async () => {
    const { owner, jobId } = await business('Race Co');
    const racers = await Promise.all(['One', 'Two', 'Three'].map((n) => applicant(jobId, `Racer ${n}`)));
    for (const r of racers) {
      const res = await call('POST', `/business/applications/${r.applicationId}/interview`, owner.headers, {});
      expect(res.statusCode, res.body).toBe(200);
    }
    const slot = '2027-03-23T10:00:00.000Z';
    const answers = await Promise.all(
      racers.map((r) =>
        call('PUT', `/job-applications/${r.applicationId}/interview/booking`, r.headers, { startsAt: slot }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    for (const [i, r] of racers.entries()) {
      if (answers[i]!.statusCode === 200) continue;
      expect(answers[i]!.json().detail).toBe(SLOT_TAKEN);
      const offered = await interviewOf(r.headers, `/job-applications/${r.applicationId}/interview`);
      expect(offered.status).toBe('invited');
      // The taken slot and its buffer are gone (10:00–10:45 + 15 min): 09:00 and 11:00 are still open.
      expect(offered.slots.map((s) => s.startsAt)).not.toContain(slot);
      expect(offered.slots.map((s) => s.startsAt)).toContain('2027-03-23T11:00:00.000Z');
    }
    // The losers book the rest, again at once: each gets a different slot.
    const losers = racers.filter((_, i) => answers[i]!.statusCode !== 200);
    const rest = await Promise.all(
      losers.map((r) =>
        call('PUT', `/job-applications/${r.applicationId}/interview/booking`, r.headers, {
          startsAt: '2027-03-23T11:00:00.000Z',
        }),
      ),
    );
    expect(rest.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });

  it('sends the reminder to both 24 hours before, once, with two workers on the same database', async () => {
    const { owner, jobId } = await business('Reminder Co');
    const grace = await applicant(jobId, 'Grace Reminded');
    const url = `/job-applications/${grace.applicationId}/interview`;
    expect(
      (await call('POST', `/business/applications/${grace.applicationId}/interview`, owner.headers, {})).statusCode,
    ).toBe(200);
    const startsAt = '2027-04-01T10:00:00.000Z';
    expect((await call('PUT', `${url}/booking`, grace.headers, { startsAt })).statusCode).toBe(200);
    const second = createInterviewWorker({
      db: t.deps.database.db,
      mail: t.deps.mail,
      now: () => clock,
      intervalMs: 60_000,
      logger: t.app.log,
      portalUrl: t.config.portalUrl,
      uidDomain: 'example.test',
    });
    const saved = clock;
    try {
      clock = Date.parse(startsAt) - 24 * 3_600_000 - 60_000;
      await Promise.all([t.deps.interviews.worker.flush(), second.flush()]);
      expect([...to(grace.email, 'reminder'), ...to(owner.email, 'reminder')]).toHaveLength(0);
      clock += 2 * 60_000;
      await Promise.all([t.deps.interviews.worker.flush(), second.flush()]);
      await Promise.all([t.deps.interviews.worker.flush(), second.flush()]);
      expect(to(grace.email, 'reminder')).toHaveLength(1);
      expect(to(owner.email, 'reminder')).toHaveLength(1);
      expect(to(grace.email, 'reminder')[0]!.subject).toBe('Interview reminder: tomorrow');
    } finally {
      clock = saved;
      await second.stop();
    }
  });

  it('keeps each side to its own: other candidates, other businesses and bad input are refused', async () => {
    const { owner, jobId } = await business('Guard Co');
    const other = await business('Other Co');
    const lin = await applicant(jobId, 'Lin Guarded');
    const stranger = await person('stranger', ['Candidate']);
    await call('POST', '/candidate', stranger.headers, {
      name: 'Stranger',
      email: stranger.email,
      phoneNumber: '0777',
      postcode: 'M1 1AA',
    });
    expect((await call('GET', `/job-applications/${lin.applicationId}/interview`, stranger.headers)).statusCode).toBe(
      404,
    );
    expect(
      (await call('POST', `/business/applications/${lin.applicationId}/interview`, other.owner.headers, {})).statusCode,
    ).toBe(404);
    // An interviewer must be in the team and have set their availability.
    const notInTeam = await call('POST', `/business/applications/${lin.applicationId}/interview`, owner.headers, {
      interviewerUserId: other.owner.userId,
    });
    expect(notInTeam.statusCode).toBe(404);
    const bad = [
      { ...AVAILABILITY, timeZone: 'Mars/Olympus' },
      { ...AVAILABILITY, location: 'http://meet.example.test/x' },
      { ...AVAILABILITY, location: 'javascript:alert(1)' },
      { ...AVAILABILITY, weekly: [{ day: 1, from: '12:00', to: '09:00' }] },
      { ...AVAILABILITY, slotMinutes: 5 },
      { ...AVAILABILITY, locationKind: 'phone', location: '0161\n496 0000' },
    ];
    for (const body of bad) {
      const res = await call('PUT', '/business/interviews/availability', owner.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
    // Overlapping hours on one day are refused with words; hours that touch, or on other days, are not.
    const overlapping = await call('PUT', '/business/interviews/availability', owner.headers, {
      ...AVAILABILITY,
      weekly: [
        { day: 2, from: '09:00', to: '12:00' },
        { day: 2, from: '11:30', to: '13:00' },
      ],
    });
    expect(overlapping.statusCode).toBe(400);
    expect(overlapping.body).toContain(HOURS_OVERLAP);
    const split = await call('PUT', '/business/interviews/availability', owner.headers, {
      ...AVAILABILITY,
      weekly: [
        { day: 2, from: '13:00', to: '17:00' },
        { day: 2, from: '09:00', to: '13:00' },
        { day: 3, from: '10:00', to: '11:00' },
      ],
    });
    expect(split.statusCode, split.body).toBe(200);
  });

  it('keeps the days off with the hours, offers no time on them and refuses bad ones', async () => {
    const { owner, jobId } = await business('Holiday Co');
    const datesOff = [
      { from: '2027-03-25', to: '2027-03-26', name: 'Office closed' },
      { from: '2027-03-30', to: '2027-03-30' },
    ];
    const set = await call('PUT', '/business/interviews/availability', owner.headers, { ...AVAILABILITY, datesOff });
    expect(set.statusCode, set.body).toBe(200);
    expect((await call('GET', '/business/interviews/availability', owner.headers)).json().availability).toMatchObject({
      datesOff,
    });
    const ann = await applicant(jobId, 'Ann Holiday');
    await call('POST', `/business/applications/${ann.applicationId}/interview`, owner.headers, {});
    const url = `/job-applications/${ann.applicationId}/interview`;
    const offered = (await interviewOf(ann.headers, url)).slots.map((s) => s.startsAt.slice(0, 10));
    expect(offered).toContain('2027-03-23');
    expect(offered).toContain('2027-03-29');
    for (const day of ['2027-03-24', '2027-03-25', '2027-03-26', '2027-03-30']) expect(offered).not.toContain(day);
    // A time on a day off cannot be booked by hand either.
    const onHoliday = await call('PUT', `${url}/booking`, ann.headers, { startsAt: '2027-03-25T09:00:00.000Z' });
    expect(onHoliday.statusCode).toBe(409);

    const bad = [
      [{ from: '2027-03-26', to: '2027-03-25' }],
      [{ from: '2027-02-30', to: '2027-02-30' }],
      [{ from: '2027-01-01', to: '2028-01-02' }],
      [{ from: '2027-03-25', to: '2027-03-25', name: 'Two\nlines' }],
      [{ from: '2027-03-25', to: '2027-03-25', name: 'x'.repeat(81) }],
      Array.from({ length: 101 }, (_, i) => ({
        from: `2027-${String(1 + (i % 12)).padStart(2, '0')}-01`,
        to: '2027-12-31',
      })),
    ];
    for (const body of bad) {
      const res = await call('PUT', '/business/interviews/availability', owner.headers, {
        ...AVAILABILITY,
        datesOff: body,
      });
      expect(res.statusCode, JSON.stringify(body).slice(0, 200)).toBe(400);
    }
    // A hundred is allowed, and a stranger to the business reads none of them.
    const hundred = Array.from({ length: 100 }, (_, i) => {
      const date = new Date(Date.UTC(2027, 5, 1 + i)).toISOString().slice(0, 10);
      return { from: date, to: date };
    });
    const full = await call('PUT', '/business/interviews/availability', owner.headers, {
      ...AVAILABILITY,
      datesOff: hundred,
    });
    expect(full.statusCode, full.body).toBe(200);
    expect((await call('GET', '/business/interviews/availability', ann.headers)).statusCode).toBe(403);
  });

  it('gives each member a private calendar feed that lists their interviews and can be revoked', async () => {
    const { owner, jobId } = await business('Feed Co');
    const max = await applicant(jobId, 'Max Fed');
    await call('POST', `/business/applications/${max.applicationId}/interview`, owner.headers, {});
    await call('PUT', `/job-applications/${max.applicationId}/interview/booking`, max.headers, {
      startsAt: '2027-03-25T09:00:00.000Z',
    });
    expect((await call('GET', '/business/interviews/feed', owner.headers)).json()).toMatchObject({ active: false });
    const made = await call('POST', '/business/interviews/feed', owner.headers);
    const url = new URL(made.json().url as string);
    expect(url.pathname).toMatch(/^\/interview-feeds\/[A-Za-z0-9_-]{43}\.ics$/);
    const feed = await t.app.inject({ url: url.pathname });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    const root = new ICAL.Component(ICAL.parse(feed.body));
    expect(root.getFirstPropertyValue('method')).toBe('PUBLISH');
    const events = root.getAllSubcomponents('vevent');
    expect(events).toHaveLength(1);
    expect(String(events[0]!.getFirstPropertyValue('summary'))).toContain('Max Fed');
    // A new address replaces the old one; removing it revokes it.
    const remade = await call('POST', '/business/interviews/feed', owner.headers);
    expect((await t.app.inject({ url: url.pathname })).statusCode).toBe(404);
    const current = new URL(remade.json().url as string).pathname;
    expect((await t.app.inject({ url: current })).statusCode).toBe(200);
    expect((await call('DELETE', '/business/interviews/feed', owner.headers)).json()).toMatchObject({ active: false });
    const gone = await t.app.inject({ url: current });
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).toContain('application/problem+json');
    expect((await t.app.inject({ url: '/interview-feeds/not-a-token.ics' })).statusCode).toBe(404);

    // Withdrawing the application cancels its interview in both calendars.
    const withdrawn = await call('POST', `/job-applications/${max.applicationId}/withdraw`, max.headers, {});
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(await interviewOf(max.headers, `/job-applications/${max.applicationId}/interview`)).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'candidate',
    });
    // The withdrawal is made on the real clock (the withdrawal route's): its e-mails go on that clock too.
    const saved = clock;
    clock = Date.now();
    await t.deps.interviews.worker.flush();
    clock = saved;
    for (const address of [max.email, owner.email])
      expect(calendarOf(to(address, 'cancelled')[0]!)).toMatchObject({ method: 'CANCEL', sequence: 1 });
  });

  it.runIf(kind === 'postgres')(
    'sees a booking made on one instance from another, and keeps the race to one winner across instances',
    async () => {
      const { owner, jobId } = await business('Cluster Co');
      const [one, two] = await Promise.all(['One', 'Two'].map((n) => applicant(jobId, `Instance ${n}`)));
      for (const r of [one!, two!])
        await call('POST', `/business/applications/${r.applicationId}/interview`, owner.headers, {});
      const logger = createLogger('candidate', 'silent');
      const deps = await openDependencies(t.config, logger);
      deps.interviews.now = () => clock;
      const other = await buildApp(t.config, deps, logger);
      await other.ready();
      try {
        const slot = '2027-03-26T09:00:00.000Z';
        const book = (app: typeof other, r: typeof one) =>
          app.inject({
            method: 'PUT',
            url: `/job-applications/${r!.applicationId}/interview/booking`,
            headers: r!.headers,
            payload: { startsAt: slot },
          });
        const answers = await Promise.all([book(t.app, one), book(other, two)]);
        expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
        const loser = answers[0]!.statusCode === 200 ? two! : one!;
        // Whichever instance answers, the booked slot is gone from what the other candidate is offered.
        for (const app of [t.app, other]) {
          const res = await app.inject({
            url: `/job-applications/${loser.applicationId}/interview`,
            headers: loser.headers,
          });
          expect(res.json().interview.slots.map((s: { startsAt: string }) => s.startsAt)).not.toContain(slot);
        }
      } finally {
        await other.close();
      }
    },
  );
});
