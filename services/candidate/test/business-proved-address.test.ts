import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '@careers/server-kit/testing';
import { JOB_NEEDS_PROVED_ADDRESS } from '../src/modules/jobs/business-jobs.service';
import { startTestApp, type TestApp } from './helpers';

describe.each(databaseKinds())('jobs need a proved address on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  const job = {
    title: 'Director',
    description: 'At a famous company',
    city: 'Leeds',
    jobType: 2,
    salaryRateType: 1,
    salaryFrom: 15,
    salaryTo: 20,
    salaryCurrency: 'GBP',
  };

  async function employer(emailVerified: boolean | undefined) {
    const userId = randomUUID();
    const token = await t.identity.token(
      userId,
      ['BusinessUser'],
      emailVerified === undefined ? {} : { emailVerified },
    );
    const headers = { authorization: `Bearer ${token}` };
    const business = await t.app.inject({
      method: 'POST',
      url: '/business',
      headers,
      payload: { name: 'Famous Bank plc', city: 'London', phone: '020', domain: 'famous' },
    });
    expect(business.statusCode).toBe(200);
    return { headers, businessId: business.json().id as string };
  }

  const jobsOf = (businessId: string) =>
    t.deps.database.db.selectFrom('jobs').select('id').where('business_id', '=', businessId).execute();

  it('refuses a job from an account whose address is not proved (403), and creates nothing', async () => {
    const { headers, businessId } = await employer(false);
    const res = await t.app.inject({ method: 'POST', url: '/business/jobs', headers, payload: job });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 403, detail: JOB_NEEDS_PROVED_ADDRESS });
    expect(await jobsOf(businessId)).toEqual([]);
  });

  it('creates a live job for a proved address', async () => {
    const { headers, businessId } = await employer(true);
    const res = await t.app.inject({ method: 'POST', url: '/business/jobs', headers, payload: job });
    expect(res.statusCode).toBe(200);
    expect(res.json().isLive).toBe(true);
    expect(await jobsOf(businessId)).toHaveLength(1);
  });

  it('still takes tokens of an identity service that does not state the claim (before the email_verified claim is deployed)', async () => {
    const { headers } = await employer(undefined);
    expect((await t.app.inject({ method: 'POST', url: '/business/jobs', headers, payload: job })).statusCode).toBe(200);
  });
});
