import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApplicationStatus, type Role } from '@careers/contracts/enums';
import { retentionCountrySchema } from '@careers/contracts/retention';
import { RETENTION_COUNTRIES, RETENTION_PRESETS } from '@careers/contracts/retention-values';
import { createLogger } from '@careers/server-kit/logger';
import { databaseKinds } from '@careers/server-kit/testing';
import { withRetention } from '../src/modules/retention/retention.service';
import { createRetentionWorker } from '../src/modules/retention/retention.worker';
import { tinyPdf } from './fixtures';
import { startTestApp, uploadCv, type TestApp } from './helpers';

type Headers = Record<string, string>;
const DAY = 24 * 60 * 60 * 1000;

/** Retention (issue 30 items 1-4, docs/decisions/0440-0443), on an injected clock. */
describe.each(databaseKinds())('retention of applications, on %s', (kind) => {
  let t: TestApp;
  let clock = Date.now();
  beforeAll(async () => {
    t = await startTestApp(kind, { CANDIDATE_WORKERS: 'false' });
    t.app.retention.now = () => clock;
  });
  afterAll(async () => t?.close());

  const call = (method: string, url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method: method as 'GET', url, headers, ...(payload ? { payload } : {}) });
  const db = () => withRetention(t.deps.database.db);
  const flush = () => t.app.retention.worker.flush();

  async function person(label: string, roles: Role[] = ['BusinessUser']) {
    const userId = randomUUID();
    const email = `${label.toLowerCase().replace(/\W+/g, '.')}.${userId.slice(0, 8)}@example.test`;
    const token = await t.identity.token(userId, roles, { email, emailVerified: true });
    return { userId, email, headers: { authorization: `Bearer ${token}` } as Headers };
  }

  async function business(name: string, rule?: object) {
    const owner = await person(`${name} owner`);
    expect((await call('POST', '/business', owner.headers, { name })).statusCode).toBe(200);
    if (rule) {
      const set = await call('PUT', '/business/retention', owner.headers, rule);
      expect(set.statusCode, set.body).toBe(200);
    }
    const job = await call('POST', '/business/jobs', owner.headers, { title: `${name} job`, description: 'Work' });
    expect(job.statusCode, job.body).toBe(200);
    const me = await call('GET', '/business', owner.headers);
    return { owner, jobId: job.json().id as string, businessId: me.json().id as string };
  }

  async function candidate(name: string) {
    const c = await person(name, ['Candidate']);
    await call('POST', '/candidate', c.headers, { name, email: c.email, phoneNumber: '0777', postcode: 'M1 1AA' });
    const cvId = await uploadCv(t, c.headers, `${name}.pdf`, tinyPdf(name));
    return { ...c, cvId };
  }

  async function apply(c: { headers: Headers; cvId: string }, jobId: string) {
    const res = await call('POST', '/job-applications', c.headers, { jobId, cvId: c.cvId, readyToWork: true });
    expect(res.json().isValidResponse, res.body).toBe(true);
    return res.json().result.applicationId as string;
  }

  async function mine(headers: Headers, id: string) {
    const res = await call('GET', '/job-applications?page=1&pageSize=50', headers);
    expect(res.statusCode, res.body).toBe(200);
    return (
      res.json().applications as {
        id: string;
        deletesOn: string | null;
        deletionRule: string;
        keptForOtherRolesUntil: string | null;
        legalHoldUntil: string | null;
      }[]
    ).find((a) => a.id === id);
  }

  const reject = async (owner: Headers, applicationId: string) =>
    expect(
      (
        await call('PUT', `/business/applications/${applicationId}/status`, owner, {
          applicationStatus: ApplicationStatus.Reject,
        })
      ).statusCode,
    ).toBe(200);

  const applicationRow = (id: string) =>
    t.deps.database.db.selectFrom('job_applications').select('id').where('id', '=', id).executeTakeFirst();
  const keyOf = async (cvId: string) =>
    (await t.deps.database.db.selectFrom('cvs').select('storage_key').where('id', '=', cvId).executeTakeFirstOrThrow())
      .storage_key;
  const mailTo = (to: string) => t.deps.mail.list!().filter((m) => m.to === to);

  it('bounds the rule by the preset; every member reads it, owners set it', async () => {
    expect(retentionCountrySchema.options).toEqual([...RETENTION_COUNTRIES]);
    const { owner } = await business('Bounds Co');
    const read = await call('GET', '/business/retention', owner.headers);
    expect(read.json()).toMatchObject({ country: 'other', keepDays: RETENTION_PRESETS.other.keepDays, chosen: false });
    expect(
      (await call('PUT', '/business/retention', owner.headers, { country: 'NL', keepDays: 60 })).json(),
    ).toMatchObject({
      status: 400,
      detail: 'Keep applications between 7 and 28 days after the decision (Netherlands).',
    });
    expect(
      (await call('PUT', '/business/retention', owner.headers, { country: 'DE', poolDays: 5000 })).statusCode,
    ).toBe(400);
    const set = await call('PUT', '/business/retention', owner.headers, { country: 'NL', poolDays: 365 });
    expect(set.json()).toEqual({ country: 'NL', keepDays: 28, poolDays: 365, legalHoldUntil: null, chosen: true });
  });

  it('deletes an application past its date (rows gone, receipt sent, the console says "deleted on"), once across two instances', async () => {
    clock = Date.now();
    const b = await business('Delete Co', { country: 'DE' });
    const c = await candidate('Dana Deleted');
    const id = await apply(c, b.jobId);
    expect((await mine(c.headers, id))!.deletesOn).toBeNull();
    await reject(b.owner.headers, id);
    const shown = (await mine(c.headers, id))!;
    expect(shown.deletionRule).toBe("Germany's rule: 183 days after the final decision or a withdrawal");
    const due = Date.parse(shown.deletesOn!);
    expect(due - Date.now()).toBeGreaterThan(182 * DAY);
    expect(due - Date.now()).toBeLessThanOrEqual(183 * DAY);

    clock = due - 60_000;
    await flush();
    expect(await applicationRow(id)).toBeDefined();

    clock = due + 60_000;
    // A second instance's job at the same moment: each due application is taken once.
    const other = createRetentionWorker({
      db: t.deps.database.db,
      storage: t.deps.storage,
      mail: t.deps.mail,
      now: () => clock,
      intervalMs: 600_000,
      logger: createLogger('candidate', 'silent'),
      portalUrl: 'https://careers.example.test',
    });
    await Promise.all([flush(), other.flush()]);
    expect(await applicationRow(id)).toBeUndefined();
    expect(
      await db()
        .selectFrom('application_retention')
        .select('application_id')
        .where('application_id', '=', id)
        .execute(),
    ).toEqual([]);
    const history = await t.deps.database.db
      .selectFrom('application_status_history')
      .select('id')
      .where('application_id', '=', id)
      .execute();
    expect(history).toEqual([]);
    const receipts = mailTo(c.email);
    expect(receipts.map((m) => m.subject)).toEqual(['Your application and CV were deleted']);
    expect(receipts[0]!.text).toMatch(/your application for Delete Co job at .+ was deleted/);
    expect(await db().selectFrom('deletion_receipts').select('id').execute()).toEqual([]);
    // The record keeps no personal data: the application's id, the business, the job, why and when.
    const record = await db()
      .selectFrom('application_deletions')
      .selectAll()
      .where('application_id', '=', id)
      .execute();
    expect(record).toEqual([
      {
        application_id: id,
        business_id: b.businessId,
        job_id: b.jobId,
        reason: 'retention',
        deleted_at: new Date(clock),
      },
    ]);

    const console = await call('GET', `/business/jobs/${b.jobId}/deleted-applications`, b.owner.headers);
    expect(console.json()).toEqual({
      deleted: [{ id, deletedOn: new Date(clock).toISOString(), reason: 'retention' }],
    });
    expect((await call('GET', `/business/applications/${id}`, b.owner.headers)).statusCode).toBe(404);
    expect((await call('GET', `/business/cvs/${c.cvId}/download`, b.owner.headers)).statusCode).toBe(404);
    // The file stays while the candidate's own list holds it; their deletion takes it from the store.
    const key = await keyOf(c.cvId);
    expect(await t.deps.storage.size(key)).toBeGreaterThan(0);
    expect((await call('DELETE', `/cvs/${c.cvId}`, c.headers)).statusCode).toBe(200);
    expect(await t.deps.storage.size(key)).toBeNull();
  });

  it("a deletion by the rule takes a booked interview still to come out of the interviewer's calendar, and the thread with the application", async () => {
    clock = Date.now();
    const interviewsNow = t.deps.interviews.now;
    t.deps.interviews.now = () => clock;
    try {
      const b = await business('Booked Delete Co', { country: 'UK', keepDays: 7 });
      const hours = await call('PUT', '/business/interviews/availability', b.owner.headers, {
        timeZone: 'Europe/London',
        slotMinutes: 45,
        bufferMinutes: 15,
        weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, from: '09:00', to: '17:00' })),
        exceptions: [],
        locationKind: 'video',
        location: 'https://meet.example.test/retention',
      });
      expect(hours.statusCode, hours.body).toBe(200);
      const c = await candidate('Ivy Interviewed');
      const id = await apply(c, b.jobId);
      const invited = await call('PUT', `/business/applications/${id}/status`, b.owner.headers, {
        applicationStatus: ApplicationStatus.ScheduleInterview,
      });
      expect(invited.statusCode, invited.body).toBe(200);
      // A time after the rule's seven days: still to come when the application is deleted.
      const own = `/job-applications/${id}/interview`;
      const slots = (await call('GET', own, c.headers)).json().interview.slots as { startsAt: string }[];
      const later = slots.find((slot) => Date.parse(slot.startsAt) > clock + 10 * DAY)!;
      const booked = await call('PUT', `${own}/booking`, c.headers, { startsAt: later.startsAt });
      expect(booked.statusCode, booked.body).toBe(200);
      const interviewId = booked.json().interview.id as string;
      expect(
        (await call('POST', `/business/applications/${id}/messages`, b.owner.headers, { body: 'See you then.' }))
          .statusCode,
      ).toBe(200);
      await reject(b.owner.headers, id);
      await t.deps.interviews.worker.flush();
      // The outbox is read back from its folder: a message is known by its id.
      const before = new Set(t.deps.mail.list!().map((m) => m.id));

      clock = Date.parse((await mine(c.headers, id))!.deletesOn!) + 60_000;
      await flush();
      expect(await applicationRow(id)).toBeUndefined();
      expect(
        await db().selectFrom('application_messages').select('id').where('application_id', '=', id).execute(),
      ).toEqual([]);
      await t.deps.interviews.worker.flush();
      const fresh = t.deps.mail.list!().filter((m) => !before.has(m.id));
      const cancels = fresh.filter((m) => m.kind === 'interview cancelled');
      // The interviewer's calendar loses it (METHOD:CANCEL, the booking's UID); the candidate gets the receipt only.
      expect(cancels.map((m) => m.to)).toEqual([b.owner.email]);
      expect(cancels[0]!.attachments?.[0]?.content).toContain('METHOD:CANCEL');
      expect(cancels[0]!.attachments?.[0]?.content).toContain(`interview-${interviewId}@`);
      expect(fresh.filter((m) => m.to === c.email).map((m) => m.subject)).toEqual([
        'Your application and CV were deleted',
      ]);
    } finally {
      t.deps.interviews.now = interviewsNow;
    }
  });

  it('consent extends the date and shows in the talent pool; withdrawing it brings the date back at once', async () => {
    clock = Date.now();
    const b = await business('Pool Co', { country: 'UK', keepDays: 30, poolDays: 365 });
    const offer = await call('GET', `/jobs/${b.jobId}/talent-pool-offer`, {});
    expect(offer.json()).toEqual({ businessName: 'Pool Co', poolDays: 365 });
    const c = await candidate('Paula Pool');
    const id = await apply(c, b.jobId);
    const stranger = await candidate('Sam Stranger');
    expect((await call('PUT', `/job-applications/${id}/talent-pool`, stranger.headers)).statusCode).toBe(404);
    const agreed = await call('PUT', `/job-applications/${id}/talent-pool`, c.headers);
    expect(agreed.statusCode, agreed.body).toBe(200);
    const until = Date.parse(agreed.json().keptForOtherRolesUntil);
    expect(until).toBe(clock + 365 * DAY);

    const pool = await call('GET', '/business/talent-pool', b.owner.headers);
    expect(pool.json().entries).toEqual([
      expect.objectContaining({
        applicationId: id,
        candidateName: 'Paula Pool',
        keptUntil: new Date(until).toISOString(),
      }),
    ]);
    await reject(b.owner.headers, id);
    const extended = (await mine(c.headers, id))!;
    expect(Date.parse(extended.deletesOn!)).toBe(until);
    expect(extended.keptForOtherRolesUntil).toBe(new Date(until).toISOString());

    clock = Date.now() + 40 * DAY;
    await flush();
    expect(await applicationRow(id)).toBeDefined();

    expect((await call('DELETE', `/job-applications/${id}/talent-pool`, c.headers)).json()).toEqual({
      keptForOtherRolesUntil: null,
    });
    const shortened = (await mine(c.headers, id))!;
    expect(Date.parse(shortened.deletesOn!)).toBeLessThan(Date.now() + 31 * DAY);
    expect((await call('GET', '/business/talent-pool', b.owner.headers)).json().entries).toEqual([]);
    await flush();
    expect(await applicationRow(id)).toBeUndefined();

    const noPool = await business('No Pool Co');
    const other = await apply(c, noPool.jobId);
    expect((await call('PUT', `/job-applications/${other}/talent-pool`, c.headers)).statusCode).toBe(409);
  });

  it('the consent ticked on the apply form comes with the application; the public job says whether and how long the business asks', async () => {
    const b = await business('Form Pool Co', { country: 'UK', keepDays: 30, poolDays: 200 });
    const job = async () => (await call('GET', `/job/${b.jobId}`, {})).json() as { talentPoolDays?: number };
    expect((await job()).talentPoolDays).toBe(200);
    // A changed rule shows at once: the cached job is dropped.
    expect(
      (await call('PUT', '/business/retention', b.owner.headers, { country: 'UK', keepDays: 30, poolDays: null }))
        .statusCode,
    ).toBe(200);
    expect(await job()).not.toHaveProperty('talentPoolDays');
    expect(
      (await call('PUT', '/business/retention', b.owner.headers, { country: 'UK', keepDays: 30, poolDays: 200 }))
        .statusCode,
    ).toBe(200);
    expect((await job()).talentPoolDays).toBe(200);

    const c = await candidate('Fern Form');
    const before = Date.now();
    const res = await call('POST', '/job-applications', c.headers, {
      jobId: b.jobId,
      cvId: c.cvId,
      readyToWork: true,
      keepForOtherRoles: true,
    });
    expect(res.json().isValidResponse, res.body).toBe(true);
    const id = res.json().result.applicationId as string;
    const until = Date.parse((await mine(c.headers, id))!.keptForOtherRolesUntil!);
    expect(until).toBeGreaterThanOrEqual(before + 200 * DAY);
    expect(until).toBeLessThanOrEqual(Date.now() + 200 * DAY);
    const pool = await call('GET', '/business/talent-pool', b.owner.headers);
    expect(pool.json().entries).toEqual([expect.objectContaining({ applicationId: id, candidateName: 'Fern Form' })]);

    // Unticked: nothing kept.
    const d = await candidate('Dan Default');
    expect((await mine(d.headers, await apply(d, b.jobId)))!.keptForOtherRolesUntil).toBeNull();
    // A business that does not ask keeps nothing longer, and the application still stands.
    const noPool = await business('Form No Pool Co');
    const refusedConsent = await call('POST', '/job-applications', d.headers, {
      jobId: noPool.jobId,
      cvId: d.cvId,
      readyToWork: true,
      keepForOtherRoles: true,
    });
    expect(refusedConsent.json().isValidResponse, refusedConsent.body).toBe(true);
    expect((await mine(d.headers, refusedConsent.json().result.applicationId))!.keptForOtherRolesUntil).toBeNull();
    expect((await call('GET', `/job/${noPool.jobId}`, {})).json()).not.toHaveProperty('talentPoolDays');
  });

  it('takes a CV back from one of two businesses: gone at one, present at the other; a legal hold shows its end', async () => {
    clock = Date.now();
    const one = await business('Take One');
    const two = await business('Take Two');
    const c = await candidate('Tia Taken');
    const atOne = await apply(c, one.jobId);
    const atTwo = await apply(c, two.jobId);
    expect((await call('GET', `/business/cvs/${c.cvId}/download`, one.owner.headers)).statusCode).toBe(200);
    for (const [owner, id] of [
      [one.owner.headers, atOne],
      [two.owner.headers, atTwo],
    ] as const)
      expect((await call('POST', `/business/applications/${id}/messages`, owner, { body: 'Hello' })).statusCode).toBe(
        200,
      );
    const thread = (id: string) =>
      db().selectFrom('application_messages').select('id').where('application_id', '=', id).execute();

    const stranger = await candidate('Stan Stranger');
    const refused = await call('POST', `/cvs/${c.cvId}/take-back`, stranger.headers, { businessId: one.businessId });
    expect(refused.statusCode).toBe(404);
    const taken = await call('POST', `/cvs/${c.cvId}/take-back`, c.headers, { businessId: one.businessId });
    expect(taken.json()).toEqual({ deletedApplications: 1, deletedCvDrops: 0 });

    expect(await applicationRow(atOne)).toBeUndefined();
    expect(await applicationRow(atTwo)).toBeDefined();
    // The thread goes with the application taken back; the other business's stays.
    expect(await thread(atOne)).toEqual([]);
    expect(await thread(atTwo)).toHaveLength(1);
    expect((await call('GET', `/business/cvs/${c.cvId}/download`, one.owner.headers)).statusCode).toBe(404);
    expect((await call('GET', `/business/cvs/${c.cvId}/download`, two.owner.headers)).statusCode).toBe(200);
    expect((await call('GET', `/business/jobs/${one.jobId}/deleted-applications`, one.owner.headers)).json()).toEqual({
      deleted: [{ id: atOne, deletedOn: new Date(clock).toISOString(), reason: 'candidate' }],
    });
    // The business's log of opening it went with its copy; the other business's stays.
    const openings = await t.deps.database.db
      .selectFrom('cv_openings')
      .select('business_id')
      .where('cv_id', '=', c.cvId)
      .execute();
    expect(openings.map((o) => o.business_id)).toEqual([two.businessId]);
    expect(await t.deps.storage.size(await keyOf(c.cvId))).toBeGreaterThan(0);
    expect(mailTo(c.email)).toEqual([]);
    // The candidate's CVs page keeps the trace: which business, and the day (docs/decisions/0575).
    const takenBackFrom = async () =>
      ((await call('GET', '/cvs', c.headers)).json().cvs as { id: string; takenBack?: unknown }[]).find(
        (cv) => cv.id === c.cvId,
      )!.takenBack;
    expect(await takenBackFrom()).toEqual([
      { businessId: one.businessId, businessName: 'Take One', takenBackOn: new Date(clock).toISOString() },
    ]);
    expect((await call('GET', '/cvs', stranger.headers)).json().cvs).toEqual([
      expect.not.objectContaining({ takenBack: expect.anything() }),
    ]);

    const holdUntil = new Date(Date.now() + 90 * DAY);
    const held = await business('Held Co', { country: 'IE', legalHoldUntil: holdUntil.toISOString() });
    const atHeld = await apply(c, held.jobId);
    expect((await mine(c.headers, atHeld))!.legalHoldUntil).toBe(holdUntil.toISOString());
    const hold = await call('POST', `/cvs/${c.cvId}/take-back`, c.headers, { businessId: held.businessId });
    expect(hold.statusCode).toBe(409);
    expect(hold.json().detail).toContain(holdUntil.toISOString().slice(0, 10));
    expect(await applicationRow(atHeld)).toBeDefined();
    // Refused, so no trace of a take-back there.
    expect(await takenBackFrom()).toEqual([expect.objectContaining({ businessId: one.businessId })]);
  });
});
