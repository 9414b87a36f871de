import { randomUUID } from 'node:crypto';
import { generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_AUDIENCE } from '@careers/contracts/identity';
import { databaseKinds } from '@careers/server-kit/testing';
import { multipart, startTestApp, type TestApp } from './helpers';
import { tinyPdf } from './fixtures';

describe.each(databaseKinds())('deleted accounts (POST /account-events) on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  async function newEmployer() {
    const userId = randomUUID();
    const headers = {
      authorization: `Bearer ${await t.identity.token(userId, ['BusinessUser'], { emailVerified: true })}`,
    };
    const business = await t.app.inject({
      method: 'POST',
      url: '/business',
      headers,
      payload: { name: 'Gone Ltd', city: 'Leeds', phone: '0113', domain: 'gone' },
    });
    expect(business.statusCode).toBe(200);
    const job = await t.app.inject({
      method: 'POST',
      url: '/business/jobs',
      headers,
      payload: {
        title: 'Welder',
        description: 'MIG',
        city: 'Leeds',
        jobType: 2,
        salaryRateType: 1,
        salaryFrom: 15,
        salaryTo: 20,
        salaryCurrency: 'GBP',
      },
    });
    expect(job.statusCode).toBe(200);
    return { userId, headers, businessId: business.json().id as string, jobId: job.json().id as string };
  }

  /** A candidate with two CVs, an application, a CV drop and a contact message. */
  async function busyCandidate(employer: { businessId: string; jobId: string }) {
    const userId = randomUUID();
    const headers = await t.auth(userId);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/candidate',
          headers,
          payload: { name: 'Del Eted', email: 'del@example.test', phoneNumber: '0777', postcode: 'M1 1AA' },
        })
      ).statusCode,
    ).toBe(200);
    const cvIds: string[] = [];
    for (const name of ['a.pdf', 'b.pdf']) {
      const body = multipart(name, tinyPdf(name));
      const cv = await t.app.inject({
        method: 'POST',
        url: '/cvs',
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
      expect(cv.statusCode).toBe(200);
      cvIds.push(cv.json().cvId);
    }
    const applied = await t.app.inject({
      method: 'POST',
      url: '/job-applications',
      headers,
      payload: { jobId: employer.jobId, cvId: cvIds[0], readyToWork: true },
    });
    expect(applied.statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/cv-drops',
          headers,
          payload: { businessId: employer.businessId, cvId: cvIds[1] },
        })
      ).statusCode,
    ).toBe(200);
    const message = { name: 'Del', phone: '', email: 'del@example.test', message: 'Hi', source: 'test' };
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/contact/contact', headers, payload: message })).statusCode,
    ).toBe(200);
    return { userId, headers, cvIds };
  }

  async function left(userId: string) {
    const db = t.deps.database.db;
    const candidate = await db.selectFrom('candidates').select('id').where('user_id', '=', userId).executeTakeFirst();
    const count = async (table: 'cvs' | 'job_applications' | 'cv_drops') =>
      candidate
        ? (await db.selectFrom(table).select('id').where('candidate_id', '=', candidate.id).execute()).length
        : 0;
    return {
      candidate: Boolean(candidate),
      cvs: await count('cvs'),
      applications: await count('job_applications'),
      drops: await count('cv_drops'),
      contact: (await db.selectFrom('contact_messages').select('id').where('user_id', '=', userId).execute()).length,
    };
  }

  const notify = (token: string | undefined) =>
    t.app.inject({
      method: 'POST',
      url: '/account-events',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it("removes a deleted candidate's row, CVs and their files, applications, drops and messages; again is a no-op", async () => {
    const employer = await newEmployer();
    const { userId, cvIds } = await busyCandidate(employer);
    const keys = await t.deps.database.db.selectFrom('cvs').select('storage_key').where('id', 'in', cvIds).execute();
    expect(await left(userId)).toEqual({ candidate: true, cvs: 2, applications: 1, drops: 1, contact: 1 });

    const res = await notify(await t.identity.accountDeletedNotice(userId));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ userId, candidateDeleted: true, cvFilesDeleted: 2, jobsClosed: 0 });
    expect(await left(userId)).toEqual({ candidate: false, cvs: 0, applications: 0, drops: 0, contact: 0 });
    for (const { storage_key } of keys) expect(await t.deps.storage.get(storage_key)).toBeNull();
    // The employer keeps nothing of them: the application and the drop are gone from its lists too.
    expect(
      (await t.app.inject({ url: `/business/jobs/${employer.jobId}/applications`, headers: employer.headers })).json(),
    ).toMatchObject({ totalApplications: 0, applications: [] });

    const again = await notify(await t.identity.accountDeletedNotice(userId));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ candidateDeleted: false, cvFilesDeleted: 0 });
  });

  it("closes a deleted employer's jobs and keeps the business and the applications candidates made", async () => {
    const employer = await newEmployer();
    const candidate = await busyCandidate(employer);
    const res = await notify(await t.identity.accountDeletedNotice(employer.userId));
    expect(res.json()).toMatchObject({ candidateDeleted: false, jobsClosed: 1 });
    expect((await t.app.inject({ url: `/job/${employer.jobId}` })).json().isLive).toBe(false);
    expect((await left(candidate.userId)).applications).toBe(1);
  });

  it('refuses an access token, a notice signed by another key, and no token, removing nothing', async () => {
    const employer = await newEmployer();
    const { userId } = await busyCandidate(employer);
    const { privateKey: strangerKey } = await generateKeyPair('ES256');
    for (const token of [
      await t.identity.token(userId, ['Candidate'], { audience: ACCESS_TOKEN_AUDIENCE }),
      await t.identity.accountDeletedNotice(userId, { key: strangerKey }),
      await t.identity.accountDeletedNotice(userId, { audience: 'careers-api' }),
      undefined,
    ]) {
      const res = await notify(token);
      expect(res.statusCode).toBe(401);
    }
    expect(await left(userId)).toEqual({ candidate: true, cvs: 2, applications: 1, drops: 1, contact: 1 });
  });
});
