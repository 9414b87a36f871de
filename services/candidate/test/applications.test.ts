import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALREADY_APPLIED } from '@careers/contracts/candidate';
import { ApplicationStatus } from '@careers/contracts/enums';
import { encodePng } from '@careers/server-kit/png';
import { databaseKinds } from '@careers/server-kit/testing';
import { multipart, startTestApp, type TestApp } from './helpers';
import { tinyPdf } from './fixtures';

describe.each(databaseKinds())('jobs, applications, CV drops and the employer API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  async function newEmployer(name = 'Acme Ltd') {
    const headers = await t.auth(randomUUID(), ['BusinessUser']);
    const res = await t.app.inject({
      method: 'POST',
      url: '/business',
      headers,
      payload: { name, city: 'Leeds', phone: '0113', domain: 'acme' },
    });
    expect(res.statusCode).toBe(200);
    return { headers, business: res.json() as { id: string; imageRelativeDirectory: string } };
  }

  async function newJob(headers: Record<string, string>, overrides: Record<string, unknown> = {}) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/business/jobs',
      headers,
      payload: {
        title: 'Welder',
        description: 'MIG and TIG',
        city: 'Leeds',
        postcode: 'LS1 1AA',
        jobType: 2,
        remote: false,
        salaryRateType: 1,
        salaryFrom: 15,
        salaryTo: 20,
        salaryCurrency: 'GBP',
        ...overrides,
      },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { id: string; isLive: boolean };
  }

  async function newCandidateWithCv() {
    const headers = await t.auth(randomUUID());
    const candidate = await t.app.inject({
      method: 'POST',
      url: '/candidate',
      headers,
      payload: { name: 'Cara Candidate', email: 'cara@example.test', phoneNumber: '0777', postcode: 'M1 1AA' },
    });
    const body = multipart('cara.pdf', tinyPdf('Cara'));
    const cv = await t.app.inject({
      method: 'POST',
      url: '/cvs',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(cv.statusCode).toBe(200);
    return { headers, candidateId: candidate.json().id as string, cvId: cv.json().cvId as string };
  }

  const application = (jobId: string, cvId: string, extra: Record<string, unknown> = {}) => ({
    jobId,
    cvId,
    readyToWork: true,
    ...extra,
  });

  it('shows a job publicly with its business', async () => {
    const { headers, business } = await newEmployer('Public Co');
    const job = await newJob(headers);
    const res = await t.app.inject({ url: `/job/${job.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: job.id,
      title: 'Welder',
      description: 'MIG and TIG',
      businessId: business.id,
      businessName: 'Public Co',
      // The careers page's address, the expiry and the country (docs/decisions/0370, 0371).
      businessSlug: 'public-co',
      validThrough: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      country: null,
      imageRelativeDirectory: business.imageRelativeDirectory,
      isLive: true,
      city: 'Leeds',
      postedOn: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      addressLine1: null,
      region: null,
      state: null,
      postcode: 'LS1 1AA',
      fullTime: expect.any(Boolean),
      partTime: expect.any(Boolean),
      jobType: 2,
      remote: false,
      workplace: 'OnSite',
      salaryRateType: 1,
      salaryAmount: null,
      salaryFrom: 15,
      salaryTo: 20,
      salaryCurrency: 'GBP',
      salaryNegotiable: expect.any(Boolean),
      // The job's promise to reply (docs/decisions/0412), 14 days unless the employer says otherwise.
      replyWithinDays: 14,
    });
    expect((await t.app.inject({ url: `/job/${randomUUID()}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/job/not-a-uuid' })).statusCode).toBe(400);
  });

  it('applies once; the second application answers ALREADY_APPLIED; tracking fields are stored', async () => {
    const { headers: employer } = await newEmployer();
    const job = await newJob(employer);
    const { headers, cvId } = await newCandidateWithCv();
    const first = await t.app.inject({
      method: 'POST',
      url: '/job-applications',
      headers,
      payload: application(job.id, cvId, {
        utmSource: 'jobboard',
        utmCampaign: 'spring',
        landingUrl: 'https://x.test/a',
        publisherId: 'p1',
        boostId: 'b1',
      }),
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ result: { applicationId: expect.any(String) }, isValidResponse: true, errors: [] });

    const second = await t.app.inject({
      method: 'POST',
      url: '/job-applications',
      headers,
      payload: application(job.id, cvId),
    });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ result: null, isValidResponse: false, errors: [ALREADY_APPLIED] });

    const row = await t.deps.database.db
      .selectFrom('job_applications')
      .selectAll()
      .where('id', '=', first.json().result.applicationId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      ready_to_work: true,
      utm_source: 'jobboard',
      utm_campaign: 'spring',
      landing_url: 'https://x.test/a',
      publisher_id: 'p1',
      boost_id: 'b1',
    });
  });

  it("lists each CV's real last use (the newest application sent with it), absent for a CV never used", async () => {
    const { headers: employer } = await newEmployer();
    const [jobA, jobB] = [await newJob(employer), await newJob(employer, { title: 'Second' })];
    const { headers, cvId } = await newCandidateWithCv();
    const body = multipart('unused.pdf', tinyPdf('Unused'));
    const unused = (
      await t.app.inject({
        method: 'POST',
        url: '/cvs',
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      })
    ).json().cvId as string;
    const listed = async () =>
      (await t.app.inject({ url: '/cvs', headers })).json().cvs as {
        id: string;
        createdOn: string;
        lastUsedOn?: string;
      }[];
    expect((await listed()).every((cv) => cv.lastUsedOn === undefined)).toBe(true);

    const first = (
      await t.app.inject({ method: 'POST', url: '/job-applications', headers, payload: application(jobA.id, cvId) })
    ).json().result.applicationId;
    await t.deps.database.db
      .updateTable('job_applications')
      .set({ applied_at: new Date('2026-01-02T10:00:00Z') })
      .where('id', '=', first)
      .execute();
    const second = (
      await t.app.inject({ method: 'POST', url: '/job-applications', headers, payload: application(jobB.id, cvId) })
    ).json().result.applicationId;
    const secondRow = await t.deps.database.db
      .selectFrom('job_applications')
      .select('applied_at')
      .where('id', '=', second)
      .executeTakeFirstOrThrow();

    const cvs = await listed();
    const used = cvs.find((cv) => cv.id === cvId)!;
    expect(used.lastUsedOn).toBe(new Date(secondRow.applied_at).toISOString());
    expect(used.lastUsedOn).not.toBe('2026-01-02T10:00:00.000Z');
    expect(cvs.find((cv) => cv.id === unused)!.lastUsedOn).toBeUndefined();
  });

  it('is one application per candidate and job even under concurrent requests (unique index)', async () => {
    const { headers: employer } = await newEmployer();
    const job = await newJob(employer);
    const { headers, cvId } = await newCandidateWithCv();
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.app.inject({ method: 'POST', url: '/job-applications', headers, payload: application(job.id, cvId) }),
      ),
    );
    expect(results.filter((r) => r.json().isValidResponse)).toHaveLength(1);
    await expect(
      t.deps.database.db
        .insertInto('job_applications')
        .values({
          id: randomUUID(),
          candidate_id: (await t.app.inject({ url: '/candidate', headers })).json().id,
          job_id: job.id,
          ready_to_work: true,
        })
        .execute(),
    ).rejects.toThrow();
  });

  it('refuses a closed job, an unknown job and another candidate’s CV with a clear first error', async () => {
    const { headers: employer } = await newEmployer();
    const closed = await newJob(employer, { isLive: false });
    const open = await newJob(employer);
    const { headers, cvId } = await newCandidateWithCv();
    const other = await newCandidateWithCv();

    const onClosed = (
      await t.app.inject({ method: 'POST', url: '/job-applications', headers, payload: application(closed.id, cvId) })
    ).json();
    expect(onClosed).toEqual({
      result: null,
      isValidResponse: false,
      errors: ['This job is no longer open for applications.'],
    });
    const unknown = (
      await t.app.inject({
        method: 'POST',
        url: '/job-applications',
        headers,
        payload: application(randomUUID(), cvId),
      })
    ).json();
    expect(unknown.isValidResponse).toBe(false);
    expect(unknown.errors[0]).toBe('This job does not exist.');
    const foreignCv = (
      await t.app.inject({
        method: 'POST',
        url: '/job-applications',
        headers,
        payload: application(open.id, other.cvId),
      })
    ).json();
    expect(foreignCv.isValidResponse).toBe(false);
    expect(foreignCv.errors[0]).toMatch(/CV was not found/);
    expect((await t.app.inject({ url: '/job-applications', headers })).json().totalApplications).toBe(0);
  });

  it('lists applications newest first with job, business and CV; the employer moves the status and the candidate sees it with its history', async () => {
    const { headers: employer, business } = await newEmployer('Status Co');
    const jobA = await newJob(employer, { title: 'First job' });
    const jobB = await newJob(employer, { title: 'Second job', remote: true, jobType: 1 });
    const { headers, cvId } = await newCandidateWithCv();
    const a = (
      await t.app.inject({ method: 'POST', url: '/job-applications', headers, payload: application(jobA.id, cvId) })
    ).json().result.applicationId;
    await new Promise((r) => setTimeout(r, 5));
    await t.app.inject({ method: 'POST', url: '/job-applications', headers, payload: application(jobB.id, cvId) });

    const forJobA = await t.app.inject({ url: `/business/jobs/${jobA.id}/applications`, headers: employer });
    expect(forJobA.statusCode).toBe(200);
    expect(forJobA.json()).toEqual({
      page: 1,
      pageSize: 10,
      totalApplications: 1,
      // No unread reply from the candidate (docs/decisions/0420).
      unreadMessages: 0,
      applications: [
        expect.objectContaining({
          id: a,
          jobId: jobA.id,
          applicationStatus: 0,
          appliedWithCvId: cvId,
          readyToWork: true,
        }),
      ],
    });

    for (const status of [ApplicationStatus.Qualify, ApplicationStatus.ScheduleInterview, ApplicationStatus.Hired]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/business/applications/${a}/status`,
        headers: employer,
        payload: { applicationStatus: status },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().applicationStatus).toBe(status);
      await new Promise((r) => setTimeout(r, 5));
    }

    const page = (await t.app.inject({ url: '/job-applications', headers })).json();
    expect(page).toMatchObject({ page: 1, pageSize: 10, totalApplications: 2 });
    expect(page.applications.map((x: { job: { title: string } }) => x.job.title)).toEqual(['Second job', 'First job']);
    const moved = page.applications[1];
    expect(moved).toMatchObject({
      id: a,
      applicationStatus: ApplicationStatus.Hired,
      shortListStatus: null,
      appliedWithCvId: cvId,
      appliedWithCvFileName: 'cara.pdf',
      business: { id: business.id, name: 'Status Co', city: 'Leeds', phone: '0113', careersDomain: 'acme' },
      job: {
        jobId: jobA.id,
        title: 'First job',
        city: 'Leeds',
        isLive: true,
        jobType: 2,
        salaryRateType: 1,
        salaryFrom: 15,
        salaryTo: 20,
        salaryCurrency: 'GBP',
      },
    });
    expect(moved.statusHistory.map((h: { applicationStatus: number }) => h.applicationStatus)).toEqual([50, 20, 10, 0]);
    const times = moved.statusHistory.map((h: { changedOn: string }) => Date.parse(h.changedOn));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
  });

  it("lists only the caller's applications to one job with jobId (the apply page's 'you already applied')", async () => {
    const { headers: employer } = await newEmployer();
    const [job, otherJob, untouched] = [
      await newJob(employer),
      await newJob(employer, { title: 'Other' }),
      await newJob(employer, { title: 'Untouched' }),
    ];
    const cara = await newCandidateWithCv();
    const dan = await newCandidateWithCv();
    const mine = await t.app.inject({
      method: 'POST',
      url: '/job-applications',
      headers: cara.headers,
      payload: application(job.id, cara.cvId),
    });
    await t.app.inject({
      method: 'POST',
      url: '/job-applications',
      headers: cara.headers,
      payload: application(otherJob.id, cara.cvId),
    });
    await t.app.inject({
      method: 'POST',
      url: '/job-applications',
      headers: dan.headers,
      payload: application(job.id, dan.cvId),
    });

    const forJob = (await t.app.inject({ url: `/job-applications?jobId=${job.id}`, headers: cara.headers })).json();
    expect(forJob.totalApplications).toBe(1);
    expect(forJob.applications.map((a: { id: string }) => a.id)).toEqual([mine.json().result.applicationId]);
    expect(forJob.applications[0]).toMatchObject({
      job: { jobId: job.id },
      withdrawnOn: null,
      appliedOn: expect.stringMatching(/^\d{4}-/),
    });
    expect(
      (await t.app.inject({ url: `/job-applications?jobId=${untouched.id}`, headers: cara.headers })).json(),
    ).toMatchObject({ totalApplications: 0, applications: [] });
    // Without jobId, every application of the caller, as before.
    expect((await t.app.inject({ url: '/job-applications', headers: cara.headers })).json().totalApplications).toBe(2);
    expect((await t.app.inject({ url: '/job-applications?jobId=not-a-uuid', headers: cara.headers })).statusCode).toBe(
      400,
    );
    expect((await t.app.inject({ url: `/job-applications?jobId=${job.id}` })).statusCode).toBe(401);
  });

  it("answers one of the caller's applications by id with its history (the application's page); 404 for another's", async () => {
    const { headers: employer } = await newEmployer();
    const job = await newJob(employer);
    const cara = await newCandidateWithCv();
    const dan = await newCandidateWithCv();
    const mine = await t.app.inject({
      method: 'POST',
      url: '/job-applications',
      headers: cara.headers,
      payload: application(job.id, cara.cvId),
    });
    const id = mine.json().result.applicationId as string;
    const res = await t.app.inject({ url: `/job-applications/${id}`, headers: cara.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      job: { jobId: job.id, title: 'Welder' },
      business: { name: 'Acme Ltd' },
      applicationStatus: ApplicationStatus.ApplicationPending,
      appliedWithCvId: cara.cvId,
      statusHistory: [{ applicationStatus: ApplicationStatus.ApplicationPending }],
    });
    expect((await t.app.inject({ url: `/job-applications/${id}`, headers: dan.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/job-applications/${randomUUID()}`, headers: cara.headers })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ url: '/job-applications/not-a-uuid', headers: cara.headers })).statusCode).toBe(400);
    expect((await t.app.inject({ url: `/job-applications/${id}` })).statusCode).toBe(401);
  });

  it('pages applications (1-based, pageSize at most 100)', async () => {
    const { headers: employer } = await newEmployer();
    const { headers, cvId } = await newCandidateWithCv();
    for (let i = 0; i < 3; i++) {
      const job = await newJob(employer, { title: `Job ${i}` });
      await t.app.inject({ method: 'POST', url: '/job-applications', headers, payload: application(job.id, cvId) });
    }
    const page2 = (await t.app.inject({ url: '/job-applications?page=2&pageSize=2', headers })).json();
    expect(page2).toMatchObject({ page: 2, pageSize: 2, totalApplications: 3 });
    expect(page2.applications).toHaveLength(1);
    expect(page2.applications[0].job.title).toBe('Job 0');
    expect((await t.app.inject({ url: '/job-applications?pageSize=101', headers })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/job-applications?page=0', headers })).statusCode).toBe(400);
  });

  it("pages a job's applications for its employer: newest first, the job's total, pageSize at most 100", async () => {
    const { headers: employer } = await newEmployer();
    const job = await newJob(employer);
    const other = await newJob(employer, { title: 'Other job' });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const { headers, cvId } = await newCandidateWithCv();
      const res = await t.app.inject({
        method: 'POST',
        url: '/job-applications',
        headers,
        payload: application(job.id, cvId),
      });
      ids.push(res.json().result.applicationId);
      if (i === 0)
        await t.app.inject({ method: 'POST', url: '/job-applications', headers, payload: application(other.id, cvId) });
      await new Promise((r) => setTimeout(r, 5));
    }
    const newestFirst = [...ids].reverse();
    const list = (query: string) =>
      t.app.inject({ url: `/business/jobs/${job.id}/applications${query}`, headers: employer });

    const page1 = (await list('?pageSize=2')).json();
    expect(page1).toMatchObject({ page: 1, pageSize: 2, totalApplications: 5 });
    expect(page1.applications.map((a: { id: string }) => a.id)).toEqual(newestFirst.slice(0, 2));
    const page3 = (await list('?page=3&pageSize=2')).json();
    expect(page3.applications.map((a: { id: string }) => a.id)).toEqual(newestFirst.slice(4));
    expect((await list('?page=4&pageSize=2')).json()).toMatchObject({ totalApplications: 5, applications: [] });
    expect((await list('')).json().applications).toHaveLength(5);
    expect((await list('?pageSize=100')).statusCode).toBe(200);
    expect((await list('?pageSize=101')).statusCode).toBe(400);
    expect((await list('?page=0')).statusCode).toBe(400);
    expect((await list('?pageSize=abc')).statusCode).toBe(400);

    // The total follows applications that go: a candidate who deletes their account takes theirs along.
    const gone = await t.deps.database.db
      .selectFrom('job_applications')
      .select('candidate_id')
      .where('id', '=', ids[0]!)
      .executeTakeFirstOrThrow();
    await t.deps.database.db.deleteFrom('candidates').where('id', '=', gone.candidate_id).execute();
    expect((await list('')).json().totalApplications).toBe(4);
    expect(
      (await t.app.inject({ url: `/business/jobs/${other.id}/applications`, headers: employer })).json()
        .totalApplications,
    ).toBe(0);
  });

  it("keeps another candidate's applications and drops out of reach, and another business's applications too", async () => {
    const { headers: employer } = await newEmployer();
    const job = await newJob(employer);
    const owner = await newCandidateWithCv();
    const appId = (
      await t.app.inject({
        method: 'POST',
        url: '/job-applications',
        headers: owner.headers,
        payload: application(job.id, owner.cvId),
      })
    ).json().result.applicationId;
    const { business } = await newEmployer('Other');
    await t.app.inject({
      method: 'POST',
      url: '/cv-drops',
      headers: owner.headers,
      payload: { businessId: business.id, cvId: owner.cvId },
    });

    const intruder = await newCandidateWithCv();
    expect((await t.app.inject({ url: '/job-applications', headers: intruder.headers })).json().totalApplications).toBe(
      0,
    );
    expect((await t.app.inject({ url: '/cv-drops', headers: intruder.headers })).json().totalApplications).toBe(0);
    const dropForeignCv = await t.app.inject({
      method: 'POST',
      url: '/cv-drops',
      headers: intruder.headers,
      payload: { businessId: business.id, cvId: owner.cvId },
    });
    expect(dropForeignCv.statusCode).toBe(404);

    const otherEmployer = await newEmployer('Nosy Ltd');
    expect(
      (await t.app.inject({ url: `/business/jobs/${job.id}/applications`, headers: otherEmployer.headers })).statusCode,
    ).toBe(404);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/business/applications/${appId}/status`,
      headers: otherEmployer.headers,
      payload: { applicationStatus: 255 },
    });
    expect(put.statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: `/business/cvs/${owner.cvId}/download`, headers: otherEmployer.headers })).statusCode,
    ).toBe(404);
    // The business the candidate applied to may download the CV sent with the application.
    expect((await t.app.inject({ url: `/business/cvs/${owner.cvId}/download`, headers: employer })).statusCode).toBe(
      200,
    );
  });

  it('drops a CV with a business; both sides list it', async () => {
    const { headers: employer, business } = await newEmployer('Drop Co');
    const { headers, cvId } = await newCandidateWithCv();
    const res = await t.app.inject({
      method: 'POST',
      url: '/cv-drops',
      headers,
      payload: { businessId: business.id, cvId },
    });
    expect(res.statusCode).toBe(200);
    const list = (await t.app.inject({ url: '/cv-drops?page=1&pageSize=5', headers })).json();
    expect(list).toMatchObject({ page: 1, pageSize: 5, totalApplications: 1 });
    expect(list.cvDrops[0]).toMatchObject({
      business: { id: business.id, name: 'Drop Co', city: 'Leeds', phone: '0113' },
      appliedWithCvId: cvId,
    });
    const employerList = (await t.app.inject({ url: '/business/cv-drops', headers: employer })).json();
    expect(employerList).toEqual([
      expect.objectContaining({ cvId, candidate: expect.objectContaining({ name: 'Cara Candidate' }) }),
    ]);
    expect(
      (await t.app.inject({ method: 'POST', url: '/cv-drops', headers, payload: { businessId: randomUUID(), cvId } }))
        .statusCode,
    ).toBe(404);
  });

  it('deleting the candidate removes its applications, their history and its CV drops', async () => {
    const { headers: employer, business } = await newEmployer('Cleanup Co');
    const job = await newJob(employer);
    const { headers, candidateId, cvId } = await newCandidateWithCv();
    const applicationId = (
      await t.app.inject({ method: 'POST', url: '/job-applications', headers, payload: application(job.id, cvId) })
    ).json().result.applicationId;
    await t.app.inject({ method: 'POST', url: '/cv-drops', headers, payload: { businessId: business.id, cvId } });
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/candidate', headers, payload: { id: candidateId } })).statusCode,
    ).toBe(200);
    const db = t.deps.database.db;
    expect(
      await db.selectFrom('job_applications').select('id').where('candidate_id', '=', candidateId).execute(),
    ).toEqual([]);
    expect(
      await db
        .selectFrom('application_status_history')
        .select('id')
        .where('application_id', '=', applicationId)
        .execute(),
    ).toEqual([]);
    expect(await db.selectFrom('cv_drops').select('id').where('candidate_id', '=', candidateId).execute()).toEqual([]);
    expect(
      (await t.app.inject({ url: `/business/jobs/${job.id}/applications`, headers: employer })).json(),
    ).toMatchObject({ totalApplications: 0, applications: [] });
  });

  describe('employer API', () => {
    it('is for BusinessUser tokens only (403 for candidates and referrers)', async () => {
      for (const roles of [['Candidate'], ['BusinessUserReferrer']] as const) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/business',
          headers: await t.auth(randomUUID(), [...roles]),
          payload: { name: 'X' },
        });
        expect(res.statusCode).toBe(403);
      }
    });

    it('has one business per business user and needs it before jobs', async () => {
      const headers = await t.auth(randomUUID(), ['BusinessUser']);
      expect(
        (await t.app.inject({ method: 'POST', url: '/business/jobs', headers, payload: { title: 'X' } })).statusCode,
      ).toBe(404);
      const created = await t.app.inject({ method: 'POST', url: '/business', headers, payload: { name: 'Solo' } });
      expect(created.json().imageRelativeDirectory).toBe(`businesses/${created.json().id}`);
      expect(
        (await t.app.inject({ method: 'POST', url: '/business', headers, payload: { name: 'Again' } })).statusCode,
      ).toBe(409);
      expect((await t.app.inject({ url: '/business', headers })).json()).toMatchObject({
        id: created.json().id,
        name: 'Solo',
      });
      const job = await newJob(headers);
      expect((await t.app.inject({ url: '/business/jobs', headers })).json().map((j: { id: string }) => j.id)).toEqual([
        job.id,
      ]);
    });

    it('takes a PNG logo (by its bytes, ≤ 1 MB) and serves it publicly under /blobs; nothing else is reachable there', async () => {
      const { headers, business } = await newEmployer('Logo Co');
      const png = encodePng(8, 8, (x, y) => [x * 30, y * 30, 120, 255]);
      const body = multipart('logo.png', png, 'image/png');
      const res = await t.app.inject({
        method: 'POST',
        url: '/business/logo',
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        imageRelativeDirectory: business.imageRelativeDirectory,
        url: `${t.config.publicBlobBaseUrl}/${business.imageRelativeDirectory}/logo.png`,
      });
      const served = await t.app.inject({ url: `/blobs/${business.imageRelativeDirectory}/logo.png` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['cache-control']).toMatch(/public/);
      expect(served.rawPayload.equals(png)).toBe(true);

      const notPng = multipart('logo.png', tinyPdf('x'), 'image/png');
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/business/logo',
            headers: { ...headers, ...notPng.headers },
            payload: notPng.payload,
          })
        ).statusCode,
      ).toBe(415);
      const big = multipart('logo.png', Buffer.concat([png, Buffer.alloc(1024 * 1024)]), 'image/png');
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/business/logo',
            headers: { ...headers, ...big.headers },
            payload: big.payload,
          })
        ).statusCode,
      ).toBe(413);

      const { cvId } = await newCandidateWithCv();
      const row = await t.deps.database.db
        .selectFrom('cvs')
        .select('storage_key')
        .where('id', '=', cvId)
        .executeTakeFirstOrThrow();
      for (const path of [
        `/blobs/${row.storage_key}`,
        '/blobs/businesses/../cvs/x',
        `/blobs/businesses/${business.id}/other.png`,
      ]) {
        expect((await t.app.inject({ url: path })).statusCode, path).toBe(404);
      }
    });
  });
});
