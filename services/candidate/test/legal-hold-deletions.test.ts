import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApplicationStatus, type Role } from '@careers/contracts/enums';
import { databaseKinds } from '@careers/server-kit/testing';
import { withRetention } from '../src/modules/retention/retention.service';
import { tinyPdf } from './fixtures';
import { startTestApp, uploadCv, type TestApp } from './helpers';

type Headers = Record<string, string>;
const DAY = 24 * 60 * 60 * 1000;

/**
 * A declared legal hold is not undone by the candidate's own deletions (docs/decisions/0494): deleting the CV or
 * the account takes it from the candidate at once, the held business keeps its copy until the hold ends, and the
 * retention job deletes it then. On an injected clock.
 */
describe.each(databaseKinds())('deletions under a legal hold, on %s', (kind) => {
  let t: TestApp;
  let clock = Date.now();
  beforeAll(async () => {
    t = await startTestApp(kind, { CANDIDATE_WORKERS: 'false' });
    t.app.retention.now = () => clock;
  });
  afterAll(async () => t?.close());

  const call = (method: string, url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method: method as 'GET', url, headers, ...(payload ? { payload } : {}) });
  const db = () => t.deps.database.db;
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

  const application = (id: string) =>
    db().selectFrom('job_applications').select(['id', 'cv_id']).where('id', '=', id).executeTakeFirst();
  const keyOf = async (cvId: string) =>
    (await db().selectFrom('cvs').select('storage_key').where('id', '=', cvId).executeTakeFirstOrThrow()).storage_key;
  const download = async (cvId: string, headers: Headers) =>
    (await call('GET', `/business/cvs/${cvId}/download`, headers)).statusCode;
  const holdFor = (days: number) => ({ country: 'IE', legalHoldUntil: new Date(clock + days * DAY).toISOString() });

  it('DELETE /cvs under a hold: gone from the list at once, the held business keeps its copy until the hold ends', async () => {
    clock = Date.now();
    const hold = holdFor(90);
    const held = await business('Hold Keep Co', hold);
    const free = await business('No Hold Co');
    const c = await candidate('Hana Held');
    const atHeld = await apply(c, held.jobId);
    const atFree = await apply(c, free.jobId);
    const key = await keyOf(c.cvId);

    const deleted = await call('DELETE', `/cvs/${c.cvId}`, c.headers);
    expect(deleted.statusCode, deleted.body).toBe(200);
    // The answer and the candidate's list say who keeps a copy until when; the list no longer has the CV.
    const heldCopies = [
      {
        cvId: c.cvId,
        fileName: 'Hana Held.pdf',
        businessId: held.businessId,
        businessName: 'Hold Keep Co',
        legalHoldUntil: hold.legalHoldUntil,
      },
    ];
    expect(deleted.json()).toEqual({ id: c.cvId, fileName: 'Hana Held.pdf', heldCopies });
    expect((await call('GET', '/cvs', c.headers)).json()).toEqual({ cvCount: 0, cvs: [], heldCopies });
    expect((await call('GET', `/cvs/download/${c.cvId}`, c.headers)).statusCode).toBe(404);
    expect((await call('DELETE', `/cvs/${c.cvId}`, c.headers)).statusCode).toBe(404);
    const reapply = await call('POST', '/job-applications', c.headers, {
      jobId: (await business('Later Co')).jobId,
      cvId: c.cvId,
      readyToWork: true,
    });
    expect(reapply.json().isValidResponse).toBe(false);

    // The held business still reads it with its application; the other lost it now, as before.
    expect(await download(c.cvId, held.owner.headers)).toBe(200);
    expect((await call('GET', `/business/applications/${atHeld}`, held.owner.headers)).json()).toMatchObject({
      appliedWithCvId: c.cvId,
    });
    expect(await download(c.cvId, free.owner.headers)).toBe(404);
    expect(await application(atFree)).toEqual({ id: atFree, cv_id: null });
    expect(await t.deps.storage.size(key)).toBeGreaterThan(0);

    // The same bytes uploaded again are a new CV of the candidate's own; the held copy is not it.
    const again = await uploadCv(t, c.headers, 'Hana Held.pdf', tinyPdf('Hana Held'));
    expect(again).not.toBe(c.cvId);
    expect((await call('GET', '/cvs', c.headers)).json().cvs.map((cv: { id: string }) => cv.id)).toEqual([again]);

    // A pass before the end keeps it; the first pass after it deletes it as the candidate asked.
    clock = Date.parse(hold.legalHoldUntil) - 60_000;
    await flush();
    expect(await download(c.cvId, held.owner.headers)).toBe(200);
    clock = Date.parse(hold.legalHoldUntil) + 60_000;
    await flush();
    expect(await download(c.cvId, held.owner.headers)).toBe(404);
    expect(await t.deps.storage.size(key)).toBeNull();
    expect(await db().selectFrom('cvs').select('id').where('id', '=', c.cvId).execute()).toEqual([]);
    // The application itself keeps its own date; it only lost its CV, as any application whose CV was deleted.
    expect(await application(atHeld)).toEqual({ id: atHeld, cv_id: null });
    expect((await call('GET', '/cvs', c.headers)).json()).not.toHaveProperty('heldCopies');
  });

  it('an owner lifting the hold lets the kept copy go at the next pass', async () => {
    clock = Date.now();
    const held = await business('Lifted Co', holdFor(30));
    const c = await candidate('Lia Lifted');
    await apply(c, held.jobId);
    const key = await keyOf(c.cvId);
    expect((await call('DELETE', `/cvs/${c.cvId}`, c.headers)).statusCode).toBe(200);
    await flush();
    expect(await download(c.cvId, held.owner.headers)).toBe(200);

    const lifted = await call('PUT', '/business/retention', held.owner.headers, { country: 'IE' });
    expect(lifted.json().legalHoldUntil).toBeNull();
    expect((await call('GET', '/cvs', c.headers)).json().heldCopies).toMatchObject([{ legalHoldUntil: null }]);
    await flush();
    expect(await download(c.cvId, held.owner.headers)).toBe(404);
    expect(await t.deps.storage.size(key)).toBeNull();
  });

  it('account deletion under a hold: the held business keeps its application and CV until the hold ends, nothing else stays', async () => {
    clock = Date.now();
    const hold = holdFor(60);
    const held = await business('Account Hold Co', hold);
    const free = await business('Account Free Co', { country: 'UK', poolDays: 365 });
    const c = await candidate('Abel Account');
    const spare = await uploadCv(t, c.headers, 'spare.pdf', tinyPdf('spare'));
    const spareKey = await keyOf(spare);
    const heldKey = await keyOf(c.cvId);
    const atHeld = await apply(c, held.jobId);
    const atFree = await apply(c, free.jobId);
    // Consent to other roles at the free business, which the deletion takes with the application.
    expect((await call('PUT', `/job-applications/${atFree}/talent-pool`, c.headers)).statusCode).toBe(200);
    const consents = () =>
      withRetention(db())
        .selectFrom('application_retention')
        .select('kept_for_roles_until')
        .where('application_id', '=', atFree)
        .execute();
    expect(await consents()).toHaveLength(1);
    const candidateId = (await call('GET', '/candidate', c.headers)).json().id as string;

    const res = await call('POST', '/account-events', {
      authorization: `Bearer ${await t.identity.accountDeletedNotice(c.userId)}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ userId: c.userId, candidateDeleted: true, cvFilesDeleted: 1, jobsClosed: 0 });

    // Gone now: the other business's application, the CV no held business holds, the account's sign-in.
    expect(await application(atFree)).toBeUndefined();
    expect(await consents()).toEqual([]);
    expect((await call('GET', '/business/talent-pool', free.owner.headers)).json().entries).toEqual([]);
    expect(await t.deps.storage.size(spareKey)).toBeNull();
    expect(await download(c.cvId, free.owner.headers)).toBe(404);
    expect((await call('GET', '/cvs', c.headers)).statusCode).toBe(404);
    // Kept: the held business's application with its CV, read as before.
    expect(await application(atHeld)).toEqual({ id: atHeld, cv_id: c.cvId });
    expect(await download(c.cvId, held.owner.headers)).toBe(200);
    expect((await call('GET', `/business/applications/${atHeld}`, held.owner.headers)).json()).toMatchObject({
      id: atHeld,
      appliedWithCvId: c.cvId,
    });
    expect(await t.deps.storage.size(heldKey)).toBeGreaterThan(0);
    const kept = await db()
      .selectFrom('candidates')
      .select(['user_id', 'status_emails', 'email_verified'])
      .where('id', '=', candidateId)
      .executeTakeFirstOrThrow();
    // Mailed nothing: no status e-mail, and every outbox (interviews' too) holds mail to an unproved address.
    expect(kept).toEqual({ user_id: `deleted:${candidateId}`, status_emails: false, email_verified: false });
    // A repeated notice removes nothing more.
    const again = await call('POST', '/account-events', {
      authorization: `Bearer ${await t.identity.accountDeletedNotice(c.userId)}`,
    });
    expect(again.json()).toMatchObject({ candidateDeleted: false, cvFilesDeleted: 0 });
    expect(await application(atHeld)).toBeDefined();

    // The business's rule may come due during the hold: nothing of it goes before the hold ends.
    expect(
      (
        await call('PUT', `/business/applications/${atHeld}/status`, held.owner.headers, {
          applicationStatus: ApplicationStatus.Reject,
        })
      ).statusCode,
    ).toBe(200);
    clock = Date.parse(hold.legalHoldUntil) - 60_000;
    await flush();
    expect(await application(atHeld)).toBeDefined();

    clock = Date.parse(hold.legalHoldUntil) + 60_000;
    await flush();
    expect(await application(atHeld)).toBeUndefined();
    expect(await download(c.cvId, held.owner.headers)).toBe(404);
    expect(await t.deps.storage.size(heldKey)).toBeNull();
    expect(await db().selectFrom('candidates').select('id').where('id', '=', candidateId).execute()).toEqual([]);
    // Recorded as the candidate's deletion, with no receipt to the deleted account.
    expect((await call('GET', `/business/jobs/${held.jobId}/deleted-applications`, held.owner.headers)).json()).toEqual(
      { deleted: [{ id: atHeld, deletedOn: new Date(clock).toISOString(), reason: 'candidate' }] },
    );
    expect(t.deps.mail.list!().filter((m) => m.to === c.email && /deleted/i.test(m.subject))).toEqual([]);
  });
});
