import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApplicationStatus } from '@careers/contracts/enums';
import { databaseKinds } from '@careers/server-kit/testing';
import { multipart, startTestApp, type TestApp } from './helpers';
import { tinyPdf } from './fixtures';

/** The calls the employer console (issue 14) makes beyond design.md §5's first API, and who may make them. */
describe.each(databaseKinds())('the employer console API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  async function newEmployer(name: string) {
    const headers = await t.auth(randomUUID(), ['BusinessUser']);
    const res = await t.app.inject({
      method: 'POST',
      url: '/business',
      headers,
      payload: { name, city: 'Leeds', phone: '0113', domain: 'acme' },
    });
    expect(res.statusCode).toBe(200);
    return { headers, businessId: res.json().id as string };
  }

  async function newJob(headers: Record<string, string>, title = 'Welder') {
    const res = await t.app.inject({
      method: 'POST',
      url: '/business/jobs',
      headers,
      payload: { title, description: 'MIG and TIG', city: 'Leeds' },
    });
    expect(res.statusCode).toBe(200);
    return res.json().id as string;
  }

  async function applicant(name: string, email: string) {
    const headers = await t.auth(randomUUID(), ['Candidate'], email);
    await t.app.inject({
      method: 'POST',
      url: '/candidate',
      headers,
      payload: { name, email, phoneNumber: '0777', postcode: 'M1 1AA' },
    });
    const body = multipart(`${name}.pdf`, tinyPdf(name));
    const cv = await t.app.inject({
      method: 'POST',
      url: '/cvs',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(cv.statusCode).toBe(200);
    return { headers, cvId: cv.json().cvId as string };
  }

  async function apply(
    jobId: string,
    who: { headers: Record<string, string>; cvId: string },
    extra: Record<string, unknown> = {},
  ) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/job-applications',
      headers: who.headers,
      payload: { jobId, cvId: who.cvId, readyToWork: true, ...extra },
    });
    expect(res.json().isValidResponse).toBe(true);
    await new Promise((r) => setTimeout(r, 5));
    return res.json().result.applicationId as string;
  }

  it("lists the business's jobs with their number of applications, and shows one job, closed ones too", async () => {
    const { headers } = await newEmployer('Count Co');
    const busy = await newJob(headers, 'Busy');
    const quiet = await newJob(headers, 'Quiet');
    await apply(busy, await applicant('Ann', 'ann@example.test'));
    await apply(busy, await applicant('Bob', 'bob@example.test'));

    const list = (await t.app.inject({ url: '/business/jobs', headers })).json();
    expect(list.map((j: { title: string; applicationCount: number }) => [j.title, j.applicationCount])).toEqual([
      ['Quiet', 0],
      ['Busy', 2],
    ]);
    const closed = await t.app.inject({
      method: 'PUT',
      url: `/business/jobs/${quiet}`,
      headers,
      payload: { title: 'Quiet', isLive: false },
    });
    expect(closed.json().isLive).toBe(false);
    const one = await t.app.inject({ url: `/business/jobs/${quiet}`, headers });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: quiet, title: 'Quiet', isLive: false, applicationCount: 0 });
    const reopened = await t.app.inject({
      method: 'PUT',
      url: `/business/jobs/${quiet}`,
      headers,
      payload: { title: 'Quiet', isLive: true },
    });
    expect(reopened.json().isLive).toBe(true);
    expect((await t.app.inject({ url: `/business/jobs/${randomUUID()}`, headers })).statusCode).toBe(404);
  });

  it("counts a job's applications by day, by source and by status reached, for its own business only", async () => {
    const { headers } = await newEmployer('Numbers Co');
    const job = await newJob(headers, 'Counted');
    const ann = await apply(job, await applicant('Ann Numbers', 'ann.numbers@example.test'), { utmSource: 'board-a' });
    const bob = await apply(job, await applicant('Bob Numbers', 'bob.numbers@example.test'), { utmSource: 'board-a' });
    const cy = await apply(job, await applicant('Cy Numbers', 'cy.numbers@example.test'));
    // Ann goes to interview and is then rejected: she reached Qualify, Schedule interview and Reject.
    for (const status of [ApplicationStatus.Qualify, ApplicationStatus.ScheduleInterview, ApplicationStatus.Reject]) {
      const moved = await t.app.inject({
        method: 'PUT',
        url: `/business/applications/${ann}/status`,
        headers,
        payload: { applicationStatus: status },
      });
      expect(moved.statusCode).toBe(200);
    }
    await t.app.inject({
      method: 'PUT',
      url: `/business/applications/${bob}/status`,
      headers,
      payload: { applicationStatus: ApplicationStatus.Qualify },
    });
    // Cy goes from New straight to interview and back to Qualify: his furthest stage is Schedule interview,
    // so he counts for Qualify too although he skipped it, and the counts never grow from stage to stage.
    for (const status of [ApplicationStatus.ScheduleInterview, ApplicationStatus.Qualify]) {
      const moved = await t.app.inject({
        method: 'PUT',
        url: `/business/applications/${cy}/status`,
        headers,
        payload: { applicationStatus: status },
      });
      expect(moved.statusCode).toBe(200);
    }

    const res = await t.app.inject({ url: `/business/jobs/${job}/stats`, headers });
    expect(res.statusCode).toBe(200);
    const stats = res.json();
    const today = new Date().toISOString().slice(0, 10);
    expect(stats.totalApplications).toBe(3);
    expect(stats.days).toBe(30);
    expect(stats.byDay).toEqual([{ day: today, applications: 3 }]);
    // The stored source (docs/decisions/0383), as the source report counts it: a tag no board owns is
    // other-tag, a visit with neither tag nor referrer direct.
    expect(stats.bySource).toEqual([
      { source: 'other-tag', applications: 2 },
      { source: 'direct', applications: 1 },
    ]);
    const reached = Object.fromEntries(
      stats.reached.map((r: { applicationStatus: number; applications: number }) => [
        r.applicationStatus,
        r.applications,
      ]),
    );
    expect(reached[ApplicationStatus.ApplicationPending]).toBe(3);
    expect(reached[ApplicationStatus.Qualify]).toBe(3);
    expect(reached[ApplicationStatus.ScheduleInterview]).toBe(2);
    expect(reached[ApplicationStatus.Interviewed]).toBeUndefined();
    expect(reached[ApplicationStatus.Reject]).toBe(1);
    expect(reached[ApplicationStatus.Hired]).toBeUndefined();

    // Another business, a candidate and a stranger learn nothing of it.
    const other = await newEmployer('Other Numbers Co');
    expect((await t.app.inject({ url: `/business/jobs/${job}/stats`, headers: other.headers })).statusCode).toBe(404);
    const candidate = await t.auth(randomUUID(), ['Candidate'], 'nosy@example.test');
    expect((await t.app.inject({ url: `/business/jobs/${job}/stats`, headers: candidate })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/business/jobs/${job}/stats` })).statusCode).toBe(401);
  });

  it("filters a job's applications by status and finds candidates by a piece of name or e-mail, counting what passes", async () => {
    const { headers } = await newEmployer('Filter Co');
    const job = await newJob(headers);
    const ann = await apply(job, await applicant('Ann Archer', 'ann.archer@example.test'));
    const bob = await apply(job, await applicant('Bob Baker', 'bob@builders.test'));
    await apply(job, await applicant('Cy 100%_done', 'cy@example.test'));
    await t.app.inject({
      method: 'PUT',
      url: `/business/applications/${bob}/status`,
      headers,
      payload: { applicationStatus: ApplicationStatus.Qualify },
    });

    const list = async (query: string) => {
      const res = await t.app.inject({ url: `/business/jobs/${job}/applications${query}`, headers });
      expect(res.statusCode, query).toBe(200);
      const body = res.json();
      return {
        total: body.totalApplications as number,
        names: body.applications.map((a: { candidate: { name: string } }) => a.candidate.name) as string[],
      };
    };
    expect(await list('')).toEqual({ total: 3, names: ['Cy 100%_done', 'Bob Baker', 'Ann Archer'] });
    expect(await list('?status=10')).toEqual({ total: 1, names: ['Bob Baker'] });
    expect(await list('?status=0')).toEqual({ total: 2, names: ['Cy 100%_done', 'Ann Archer'] });
    expect(await list('?search=ARCHER')).toEqual({ total: 1, names: ['Ann Archer'] });
    expect(await list('?search=builders')).toEqual({ total: 1, names: ['Bob Baker'] });
    expect(await list('?search=example&status=0')).toEqual({ total: 2, names: ['Cy 100%_done', 'Ann Archer'] });
    // LIKE's wildcards are the text itself, not patterns.
    expect(await list('?search=%25_')).toEqual({ total: 1, names: ['Cy 100%_done'] });
    expect(await list('?search=a%25r')).toEqual({ total: 0, names: [] });
    expect(await list('?search=&pageSize=1')).toEqual({ total: 3, names: ['Cy 100%_done'] });
    expect((await t.app.inject({ url: `/business/jobs/${job}/applications?status=11`, headers })).statusCode).toBe(400);
    expect(ann).toBeDefined();
  });

  it('opens one application: contact details, CV, status history newest first, utm source and campaign', async () => {
    const { headers } = await newEmployer('Detail Co');
    const job = await newJob(headers, 'Detail job');
    const who = await applicant('Dee Detail', 'dee@example.test');
    const id = await apply(job, who, { utmSource: 'jobboard', utmCampaign: 'spring' });
    for (const status of [ApplicationStatus.Qualify, ApplicationStatus.ScheduleInterview]) {
      await t.app.inject({
        method: 'PUT',
        url: `/business/applications/${id}/status`,
        headers,
        payload: { applicationStatus: status },
      });
      await new Promise((r) => setTimeout(r, 5));
    }
    const res = await t.app.inject({ url: `/business/applications/${id}`, headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      jobId: job,
      jobTitle: 'Detail job',
      candidate: { name: 'Dee Detail', email: 'dee@example.test', phoneNumber: '0777', postcode: 'M1 1AA' },
      applicationStatus: ApplicationStatus.ScheduleInterview,
      appliedWithCvId: who.cvId,
      appliedWithCvFileName: 'Dee Detail.pdf',
      utmSource: 'jobboard',
      utmCampaign: 'spring',
      // Where it came from, as the job's numbers and the source report count it.
      source: 'other-tag',
    });
    expect(res.json().statusHistory.map((h: { applicationStatus: number }) => h.applicationStatus)).toEqual([
      20, 10, 0,
    ]);
  });

  it('previews a CV sent to the business through a short-lived link, the same the candidate gets', async () => {
    const { headers } = await newEmployer('Preview Co');
    const job = await newJob(headers);
    const who = await applicant('Pia Preview', 'pia@example.test');
    await apply(job, who);
    const link = await t.app.inject({ method: 'POST', url: `/business/cvs/${who.cvId}/preview-link`, headers });
    expect(link.statusCode).toBe(200);
    const url = new URL(link.json().url);
    expect(new Date(link.json().expiresAt).getTime()).toBeGreaterThan(Date.now());
    const preview = await t.app.inject({ url: `${url.pathname}${url.search}` });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('application/pdf');
    expect(preview.headers['content-security-policy']).toBe(
      `sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'; frame-ancestors ${t.config.portalUrl}`,
    );
    expect(preview.headers['x-frame-options']).toBeUndefined();
    expect(preview.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await t.app.inject({ url: `${url.pathname}?token=nope` })).statusCode).toBe(404);
  });

  it('changes the business details; the public job shows the new name', async () => {
    const { headers } = await newEmployer('Old Name Ltd');
    const job = await newJob(headers);
    expect((await t.app.inject({ url: `/job/${job}` })).json().businessName).toBe('Old Name Ltd');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/business',
      headers,
      payload: { name: 'New Name Ltd', city: 'York', phone: '01904', domain: 'newname' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'New Name Ltd', city: 'York', phone: '01904', careersDomain: 'newname' });
    expect((await t.app.inject({ url: '/business', headers })).json()).toMatchObject({
      name: 'New Name Ltd',
      city: 'York',
    });
    expect((await t.app.inject({ url: `/job/${job}` })).json().businessName).toBe('New Name Ltd');
    expect((await t.app.inject({ method: 'PUT', url: '/business', headers, payload: { name: '' } })).statusCode).toBe(
      400,
    );
    const without = await t.auth(randomUUID(), ['BusinessUser']);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/business', headers: without, payload: { name: 'Ghost' } }))
        .statusCode,
    ).toBe(404);
  });

  it("keeps every business out of another business's jobs, applications, CVs and drops", async () => {
    const owner = await newEmployer('Owner Co');
    const job = await newJob(owner.headers, 'Private job');
    const who = await applicant('Sam Secret', 'sam@example.test');
    const applicationId = await apply(job, who);
    const dropper = await applicant('Dora Drop', 'dora@example.test');
    await t.app.inject({
      method: 'POST',
      url: '/cv-drops',
      headers: dropper.headers,
      payload: { businessId: owner.businessId, cvId: dropper.cvId },
    });

    const nosy = await newEmployer('Nosy Co');
    const calls: [string, string, unknown?][] = [
      ['GET', `/business/jobs/${job}`],
      ['PUT', `/business/jobs/${job}`, { title: 'Taken' }],
      ['GET', `/business/jobs/${job}/applications`],
      ['GET', `/business/applications/${applicationId}`],
      ['PUT', `/business/applications/${applicationId}/status`, { applicationStatus: 255 }],
      ['GET', `/business/cvs/${who.cvId}/download`],
      ['POST', `/business/cvs/${who.cvId}/preview-link`],
      ['GET', `/business/cvs/${dropper.cvId}/download`],
      ['POST', `/business/cvs/${dropper.cvId}/preview-link`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers: nosy.headers,
        ...(payload ? { payload: payload as object } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await t.app.inject({ url: '/business/jobs', headers: nosy.headers })).json()).toEqual([]);
    expect((await t.app.inject({ url: '/business/cv-drops', headers: nosy.headers })).json()).toEqual([]);
    // Nothing changed for the owner.
    const mine = (
      await t.app.inject({ url: `/business/applications/${applicationId}`, headers: owner.headers })
    ).json();
    expect(mine.applicationStatus).toBe(ApplicationStatus.ApplicationPending);
    expect((await t.app.inject({ url: `/business/jobs/${job}`, headers: owner.headers })).json().title).toBe(
      'Private job',
    );
    expect((await t.app.inject({ url: '/business/cv-drops', headers: owner.headers })).json()).toHaveLength(1);
  });

  it('refuses a candidate token on every employer call and a business token on every candidate call (403), as the OpenAPI document lists them', async () => {
    const doc = (await t.app.inject({ url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    const candidate = await t.auth(randomUUID(), ['Candidate']);
    const business = await t.auth(randomUUID(), ['BusinessUser']);
    const id = randomUUID();
    // Bodies are validated before the role is checked, so each call carries a valid one: the 403 is then the role's.
    const profile = { name: 'X', email: 'x@example.test', phoneNumber: '0', postcode: 'X1' };
    const bodies: Record<string, object> = {
      'post /candidate': profile,
      'put /candidate': { id, name: 'X', phoneNumber: '0', postcode: 'X1' },
      'delete /candidate': { id },
      'post /job-applications': { jobId: id, cvId: id, readyToWork: true },
      'post /cv-drops': { businessId: id, cvId: id },
      'post /business': { name: 'X' },
      'put /business': { name: 'X' },
      'put /business/careers-page': { slug: 'some-business', about: '' },
      'post /business/jobs': { title: 'X' },
      'put /business/jobs/{id}': { title: 'X' },
      'put /business/applications/{id}/status': { applicationStatus: 10 },
      'post /business/applications/{id}/notes': { body: 'x' },
      'post /business/team/invitations': { email: 'x@example.test', role: 'Recruiter' },
      'put /business/team/members/{userId}/role': { role: 'Recruiter' },
      'put /business/team/members/{userId}/jobs': { jobIds: [] },
      'post /job-applications/{id}/withdraw': {},
      'post /job-applications/{id}/messages': { body: 'x' },
      'post /business/applications/{id}/messages': { body: 'x' },
      'post /business/message-templates': { name: 'X', body: 'x' },
      'put /business/message-templates/{id}': { name: 'X', body: 'x' },
      'put /candidate/status-emails': { statusEmails: false },
      'put /business/interviews/availability': {
        timeZone: 'Europe/London',
        slotMinutes: 30,
        bufferMinutes: 0,
        weekly: [],
        exceptions: [],
        locationKind: 'phone',
        location: '0161 496 0000',
      },
      'post /business/applications/{id}/interview': {},
      'put /business/applications/{id}/interview/booking': { startsAt: '2027-03-23T09:00:00Z' },
      'put /job-applications/{id}/interview/booking': { startsAt: '2027-03-23T09:00:00Z' },
      'post /business/jobs/{id}/close': { outcome: 'filled' },
      'put /job-applications/{id}/keep-on-file': { agree: true },
      'put /business/retention': { country: 'UK' },
      'put /business/notification-settings': {
        newApplication: 'digest',
        candidateReply: 'instant',
        withdrawal: 'instant',
        bookingChange: 'instant',
      },
      'post /cvs/{cvId}/take-back': { businessId: id },
    };
    const file = multipart('x.pdf', tinyPdf('x'));
    const uploads = new Set(['post /cvs', 'post /business/logo']);
    let employerCalls = 0;
    let candidateCalls = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        // Public calls, the preview (authorized by its link), the contact form (every role) and the identity service's notices are not role-bound.
        if (!operation.security || ['/api/contact/contact', '/cvs/{cvId}/preview', '/account-events'].includes(path))
          continue;
        const call = `${method} ${path}`;
        const employerCall = path === '/business' || path.startsWith('/business/');
        const auth = employerCall ? candidate : business;
        const res = await t.app.inject({
          method: method.toUpperCase() as 'GET',
          url: path.replace(/\{[^}]+\}/g, () => id),
          ...(uploads.has(call)
            ? { headers: { ...auth, ...file.headers }, payload: file.payload }
            : { headers: auth, ...(bodies[call] ? { payload: bodies[call] } : {}) }),
        });
        expect(res.statusCode, `${call} with a ${employerCall ? 'candidate' : 'business'} token`).toBe(403);
        if (employerCall) employerCalls++;
        else candidateCalls++;
      }
    }
    // The document lists the calls this test is about: the employer console's and the candidate portal's.
    expect(employerCalls).toBeGreaterThanOrEqual(14);
    expect(candidateCalls).toBeGreaterThanOrEqual(12);
  });
});
