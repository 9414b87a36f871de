import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALREADY_APPLIED, CV_MAX_COUNT } from '@careers/contracts/candidate';
import { DATA_EXPORTS_PER_HOUR } from '@careers/contracts/candidate-api';
import { databaseKinds } from '@careers/server-kit/testing';
import { APPLICATIONS_PER_JOB, REAPPLY_LIMIT_REACHED } from '../src/modules/applications/applications.service';
import { QUOTAS } from '../src/modules/quotas/quotas';
import { multipart, newCandidate, startTestApp, type TestApp } from './helpers';

/**
 * Every quota holds under parallel requests: the count and the insert are one step (docs/decisions/0238),
 * so exactly the quota is stored, never a few more. Run on PostgreSQL too (TEST_POSTGRES_URL), where the
 * requests really overlap; on PGlite they queue on its one connection.
 */
describe.each(databaseKinds())('quotas under parallel requests on %s', (kind) => {
  let t: TestApp;
  let business: { headers: Record<string, string>; id: string; jobId: string };
  beforeAll(async () => {
    t = await startTestApp(kind);
    const headers = await t.auth(randomUUID(), ['BusinessUser']);
    const created = await t.app.inject({
      method: 'POST',
      url: '/business',
      headers,
      payload: { name: 'Race Ltd', city: 'Leeds', phone: '0113', domain: 'race' },
    });
    expect(created.statusCode).toBe(200);
    business = { headers, id: created.json().id, jobId: await newJob(headers) };
  });
  afterAll(async () => t?.close());

  async function newJob(headers: Record<string, string>) {
    const job = await t.app.inject({
      method: 'POST',
      url: '/business/jobs',
      headers,
      payload: { title: 'Racer', description: 'Fast', city: 'Leeds', jobType: 1, remote: false, salaryRateType: 0 },
    });
    expect(job.statusCode).toBe(200);
    return job.json().id as string;
  }

  function upload(headers: Record<string, string>, name: string) {
    const body = multipart(name, Buffer.from(`CV ${name} ${randomUUID()}\n`));
    return t.app.inject({
      method: 'POST',
      url: '/cvs',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  }

  const statuses = (responses: { statusCode: number }[]) => {
    const counts: Record<number, number> = {};
    for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
    return counts;
  };

  const countRows = async (
    table: 'contact_messages' | 'cv_drops' | 'cvs' | 'data_exports',
    column: string,
    id: string,
  ) =>
    Number(
      (
        await t.deps.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where(column as never, '=', id as never)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it(`keeps exactly ${QUOTAS.contactMessages.limit} of 40 parallel contact messages; the others answer 429`, async () => {
    const { userId, headers } = await newCandidate(t);
    const message = { name: 'Q', phone: '', email: 'q@example.test', message: 'Hello', source: 'race' };
    const responses = await Promise.all(
      Array.from({ length: 40 }, () =>
        t.app.inject({ method: 'POST', url: '/api/contact/contact', headers, payload: message }),
      ),
    );
    expect(statuses(responses)).toEqual({ 200: QUOTAS.contactMessages.limit, 429: 40 - QUOTAS.contactMessages.limit });
    expect(await countRows('contact_messages', 'user_id', userId)).toBe(QUOTAS.contactMessages.limit);
  });

  it(`keeps exactly ${QUOTAS.cvDrops.limit} of 80 parallel CV drops; the others answer 429`, async () => {
    const { headers, candidateId } = await newCandidate(t);
    const cvId = (await upload(headers, 'drop.txt')).json().cvId as string;
    const responses = await Promise.all(
      Array.from({ length: 80 }, () =>
        t.app.inject({ method: 'POST', url: '/cv-drops', headers, payload: { businessId: business.id, cvId } }),
      ),
    );
    expect(statuses(responses)).toEqual({ 200: QUOTAS.cvDrops.limit, 429: 80 - QUOTAS.cvDrops.limit });
    expect(await countRows('cv_drops', 'candidate_id', candidateId)).toBe(QUOTAS.cvDrops.limit);
  });

  it(`keeps exactly ${CV_MAX_COUNT} of 30 different CVs uploaded at once; the others answer 409, their files removed`, async () => {
    const { headers, candidateId } = await newCandidate(t);
    const filesBefore = (await t.deps.storage.list('cvs')).length;
    const responses = await Promise.all(Array.from({ length: 30 }, (_, i) => upload(headers, `cv-${i}.txt`)));
    expect(statuses(responses)).toEqual({ 200: CV_MAX_COUNT, 409: 30 - CV_MAX_COUNT });
    expect(await countRows('cvs', 'candidate_id', candidateId)).toBe(CV_MAX_COUNT);
    expect((await t.deps.storage.list('cvs')).length).toBe(filesBefore + CV_MAX_COUNT);
  });

  it(`counts exactly ${DATA_EXPORTS_PER_HOUR} of 12 data exports started at once`, async () => {
    const { headers, candidateId } = await newCandidate(t);
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => t.app.inject({ url: '/candidate/export', headers })),
    );
    expect(statuses(responses)).toEqual({ 200: DATA_EXPORTS_PER_HOUR, 429: 12 - DATA_EXPORTS_PER_HOUR });
    expect(await countRows('data_exports', 'candidate_id', candidateId)).toBe(DATA_EXPORTS_PER_HOUR);
  });

  it(`ends the apply, withdraw, apply loop after ${APPLICATIONS_PER_JOB} applications to one job, even when each apply is sent 10 times at once`, async () => {
    const jobId = await newJob(business.headers);
    const { headers, candidateId } = await newCandidate(t);
    const cvId = (await upload(headers, 'loop.txt')).json().cvId as string;
    const applyTen = async () =>
      (
        await Promise.all(
          Array.from({ length: 10 }, () =>
            t.app.inject({
              method: 'POST',
              url: '/job-applications',
              headers,
              payload: { jobId, cvId, readyToWork: true },
            }),
          ),
        )
      ).map(
        (r) => r.json() as { isValidResponse: boolean; errors: string[]; result: { applicationId: string } | null },
      );
    for (let round = 1; round <= APPLICATIONS_PER_JOB; round++) {
      const answers = await applyTen();
      const made = answers.filter((a) => a.isValidResponse);
      expect(made).toHaveLength(1);
      expect(new Set(answers.filter((a) => !a.isValidResponse).map((a) => a.errors[0]))).toEqual(
        new Set([ALREADY_APPLIED]),
      );
      const withdrawn = await t.app.inject({
        method: 'POST',
        url: `/job-applications/${made[0]!.result!.applicationId}/withdraw`,
        headers,
        payload: {},
      });
      expect(withdrawn.statusCode).toBe(200);
    }
    const refused = await applyTen();
    expect(refused.every((a) => !a.isValidResponse && a.errors[0] === REAPPLY_LIMIT_REACHED)).toBe(true);
    expect(REAPPLY_LIMIT_REACHED).toBe('You have applied for this job 3 times already and cannot apply to it again.');
    const rows = await t.deps.database.db
      .selectFrom('job_applications')
      .select('id')
      .where('candidate_id', '=', candidateId)
      .where('job_id', '=', jobId)
      .execute();
    expect(rows).toHaveLength(APPLICATIONS_PER_JOB);
    // Other jobs are not affected.
    const other = await t.app.inject({
      method: 'POST',
      url: '/job-applications',
      headers,
      payload: { jobId: business.jobId, cvId, readyToWork: true },
    });
    expect(other.json().isValidResponse).toBe(true);
  });
});
