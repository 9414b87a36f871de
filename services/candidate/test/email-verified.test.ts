import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '@careers/server-kit/testing';
import { multipart, startTestApp, type TestApp } from './helpers';
import { tinyPdf } from './fixtures';

/** Employers see whether a candidate proved the address (issue 12 item 1, docs/decisions/0166). */
describe.each(databaseKinds())('"E-mail not verified" for employers on %s', (kind) => {
  let t: TestApp;
  let employer: { headers: { authorization: string }; jobId: string };
  beforeAll(async () => {
    t = await startTestApp(kind);
    const headers = {
      authorization: `Bearer ${await t.identity.token(randomUUID(), ['BusinessUser'], { emailVerified: true })}`,
    };
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/business',
          headers,
          payload: { name: 'Proof Ltd', city: 'Leeds', phone: '0113', domain: 'proof' },
        })
      ).statusCode,
    ).toBe(200);
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
    employer = { headers, jobId: job.json().id };
  });
  afterAll(async () => t?.close());

  /** A candidate who applied; emailVerified is what their access token says (undefined: no claim). */
  async function applicant(email: string, emailVerified?: boolean) {
    const userId = randomUUID();
    const headers = {
      authorization: `Bearer ${await t.identity.token(userId, ['Candidate'], { email, ...(emailVerified === undefined ? {} : { emailVerified }) })}`,
    };
    const created = await t.app.inject({
      method: 'POST',
      url: '/candidate',
      headers,
      payload: { name: 'New Comer', email, phoneNumber: '0777', postcode: 'M1 1AA' },
    });
    expect(created.statusCode).toBe(200);
    const body = multipart('cv.pdf', tinyPdf(email));
    const cv = await t.app.inject({
      method: 'POST',
      url: '/cvs',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(cv.statusCode).toBe(200);
    const applied = await t.app.inject({
      method: 'POST',
      url: '/job-applications',
      headers,
      payload: { jobId: employer.jobId, cvId: cv.json().cvId, readyToWork: true },
    });
    expect(applied.statusCode).toBe(200);
    return { userId, email, candidateId: created.json().id as string };
  }

  /** What the employer sees of this candidate's application, in the list and on its own. */
  async function seen(candidateId: string) {
    const list = await t.app.inject({
      url: `/business/jobs/${employer.jobId}/applications?pageSize=100`,
      headers: employer.headers,
    });
    expect(list.statusCode).toBe(200);
    const row = list.json().applications.find((a: { candidate: { id: string } }) => a.candidate.id === candidateId);
    const one = await t.app.inject({ url: `/business/applications/${row.id}`, headers: employer.headers });
    expect(one.statusCode).toBe(200);
    expect(one.json().emailVerified).toBe(row.emailVerified);
    expect(one.json().candidate.email).toBe(row.candidate.email);
    return { emailVerified: row.emailVerified as boolean, email: row.candidate.email as string };
  }

  const notify = (token: string) =>
    t.app.inject({ method: 'POST', url: '/account-events', headers: { authorization: `Bearer ${token}` } });

  it('flags a new candidate until the address is proved; a corrected address and the proof arrive by notice', async () => {
    const c = await applicant('ada@gmial.example', false);
    expect(await seen(c.candidateId)).toEqual({ emailVerified: false, email: 'ada@gmial.example' });

    const moved = await notify(
      await t.identity.addressNotice(c.userId, 'email_changed', { email: 'ada@gmail.example', emailVerified: false }),
    );
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ userId: c.userId, candidateDeleted: false, candidateUpdated: true });
    expect(await seen(c.candidateId)).toEqual({ emailVerified: false, email: 'ada@gmail.example' });

    expect(
      (
        await notify(
          await t.identity.addressNotice(c.userId, 'email_verified', {
            email: 'ada@gmail.example',
            emailVerified: true,
          }),
        )
      ).statusCode,
    ).toBe(200);
    expect(await seen(c.candidateId)).toEqual({ emailVerified: true, email: 'ada@gmail.example' });
  });

  it("takes the proof from the candidate's next access token too, and never loses it to an older token", async () => {
    const c = await applicant('bo@example.test', false);
    const tokenSays = async (emailVerified: boolean) => ({
      authorization: `Bearer ${await t.identity.token(c.userId, ['Candidate'], { email: 'bo@example.test', emailVerified })}`,
    });
    // An older token (unproved) changes nothing.
    expect((await t.app.inject({ url: '/candidate', headers: await tokenSays(false) })).statusCode).toBe(200);
    expect((await seen(c.candidateId)).emailVerified).toBe(false);
    expect((await t.app.inject({ url: '/candidate', headers: await tokenSays(true) })).statusCode).toBe(200);
    expect((await seen(c.candidateId)).emailVerified).toBe(true);
    expect((await t.app.inject({ url: '/candidate', headers: await tokenSays(false) })).statusCode).toBe(200);
    expect((await seen(c.candidateId)).emailVerified).toBe(true);
  });

  it('counts a proved token, or one that does not say, as proved from the start', async () => {
    expect((await seen((await applicant('cy@example.test', true)).candidateId)).emailVerified).toBe(true);
    expect((await seen((await applicant('di@example.test')).candidateId)).emailVerified).toBe(true);
  });

  it('refuses an address notice without the address, and answers one for an account without a candidate', async () => {
    const c = await applicant('ed@example.test', false);
    const bare = await notify(await t.identity.addressNotice(c.userId, 'email_verified', {}));
    expect(bare.statusCode).toBe(401);
    expect((await seen(c.candidateId)).emailVerified).toBe(false);
    const nobody = await notify(
      await t.identity.addressNotice(randomUUID(), 'email_verified', { email: 'x@example.test', emailVerified: true }),
    );
    expect(nobody.statusCode).toBe(200);
    expect(nobody.json()).toMatchObject({ candidateUpdated: false, candidateDeleted: false });
  });
});
