import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApplicationStatus } from '@careers/contracts/enums';
import { databaseKinds } from '@careers/server-kit/testing';
import { NAMED_SOURCES, applicationSourceName } from '@careers/contracts/application-sources';
import { APPLICATION_SOURCES, applicationSource } from '../src/modules/applications/application-source';
import { tinyPdf } from './fixtures';
import { newCandidate, startTestApp, uploadCv, type TestApp } from './helpers';

const PORTAL = 'https://careers.example.test';

describe('the source of an application (docs/decisions/0383)', () => {
  it.each([
    [{ utmSource: 'indeed' }, 'indeed'],
    [{ utmSource: 'Adzuna', referrer: 'https://www.google.com/' }, 'adzuna'],
    [{ utmSource: 'job-alert' }, 'job-alert'],
    [{ utmSource: 'qr-code' }, 'qr-code'],
    [{ utmSource: 'my-newsletter' }, 'other-tag'],
    [{ utmSource: 'direct' }, 'other-tag'],
    [{ referrer: `${PORTAL}/careers/bean-co` }, 'careers-page'],
    [{ referrer: `${PORTAL}/jobs?q=barista` }, 'jobs-search'],
    [{ referrer: `${PORTAL}/applications` }, 'direct'],
    [{ referrer: 'https://www.google.co.uk/' }, 'google'],
    [{ referrer: 'https://www.bing.com/search?q=x' }, 'bing'],
    [{ referrer: 'https://duckduckgo.com/' }, 'duckduckgo'],
    [{ referrer: 'https://uk.search.yahoo.com/' }, 'yahoo'],
    [{ referrer: 'https://www.ecosia.org/' }, 'ecosia'],
    [{ referrer: 'https://notgoogle.com.evil.test/' }, 'other-site'],
    [{ referrer: 'https://blog.example.org/post' }, 'other-site'],
    [{ referrer: 'javascript:alert(1)' }, 'direct'],
    [{ referrer: 'not a url' }, 'direct'],
    [{}, 'direct'],
  ])('%j → %s', (seen, source) => {
    expect(applicationSource(seen, PORTAL)).toBe(source);
  });
});

describe('the names employers read for sources (docs/decisions/0562)', () => {
  it('names every source the service stores, none of them "Other"', () => {
    for (const source of APPLICATION_SOURCES) {
      expect(NAMED_SOURCES).toContain(source);
      expect(applicationSourceName(source)).not.toBe('Other');
    }
  });
});

describe.each(databaseKinds())('applications by source on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { PORTAL_URL: PORTAL, CANDIDATE_WORKERS: 'false' });
  });
  afterAll(async () => t?.close());

  async function businessWithJobs() {
    const employer = await t.auth(randomUUID(), ['BusinessUser']);
    await t.app.inject({
      method: 'POST',
      url: '/business',
      headers: employer,
      payload: { name: 'Source Co', city: 'Leeds', phone: '0113', domain: 'sourceco' },
    });
    const job = async (title: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/business/jobs',
          headers: employer,
          payload: { title, description: 'x', city: 'Leeds', jobType: 1, remote: false, salaryRateType: 0 },
        })
      ).json().id as string;
    return { employer, jobA: await job('Barista'), jobB: await job('Baker') };
  }

  async function applyWith(jobId: string, tracking: Record<string, string>) {
    const c = await newCandidate(t);
    const cvId = await uploadCv(t, c.headers, 'cv.pdf', tinyPdf('Cv'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/job-applications',
      headers: c.headers,
      payload: { jobId, cvId, readyToWork: true, ...tracking },
    });
    expect(res.json().isValidResponse).toBe(true);
    return res.json().result.applicationId as string;
  }

  it('keeps the source with SPEC’s call unchanged and counts, by source, how many reached each stage', async () => {
    const { employer, jobA, jobB } = await businessWithJobs();
    const fromIndeed = await applyWith(jobA, { utmSource: 'indeed' });
    const fromCareers = await applyWith(jobA, { referrer: `${PORTAL}/careers/source-co` });
    await applyWith(jobA, {});
    const fromGoogle = await applyWith(jobB, { referrer: 'https://www.google.com/' });
    const move = async (id: string, applicationStatus: number) =>
      expect(
        (
          await t.app.inject({
            method: 'PUT',
            url: `/business/applications/${id}/status`,
            headers: employer,
            payload: { applicationStatus },
          })
        ).statusCode,
      ).toBe(200);
    await move(fromIndeed, ApplicationStatus.Hired);
    await move(fromCareers, ApplicationStatus.Qualify);
    await move(fromCareers, ApplicationStatus.Reject);
    await move(fromGoogle, ApplicationStatus.ScheduleInterview);

    const all = await t.app.inject({ url: '/business/source-funnel', headers: employer });
    expect(all.statusCode).toBe(200);
    const bySource = Object.fromEntries(
      (
        all.json().sources as {
          source: string;
          applications: number;
          reached: { applicationStatus: number; applications: number }[];
        }[]
      ).map((s) => [
        s.source,
        {
          applications: s.applications,
          reached: Object.fromEntries(s.reached.map((r) => [r.applicationStatus, r.applications])),
        },
      ]),
    );
    expect(Object.keys(bySource).sort()).toEqual(['careers-page', 'direct', 'google', 'indeed']);
    expect(bySource.indeed!.reached[ApplicationStatus.Hired]).toBe(1);
    expect(bySource.indeed!.reached[ApplicationStatus.MakeOffer]).toBe(1);
    expect(bySource['careers-page']!.reached[ApplicationStatus.Qualify]).toBe(1);
    expect(bySource['careers-page']!.reached[ApplicationStatus.Reject]).toBe(1);
    expect(bySource['careers-page']!.reached[ApplicationStatus.Hired]).toBeUndefined();
    expect(bySource.google!.reached[ApplicationStatus.ScheduleInterview]).toBe(1);
    expect(bySource.direct!.applications).toBe(1);

    const oneJob = await t.app.inject({ url: `/business/source-funnel?jobId=${jobB}`, headers: employer });
    expect(oneJob.json().sources.map((s: { source: string }) => s.source)).toEqual(['google']);
    const past = await t.app.inject({
      url: '/business/source-funnel?from=2020-01-01T00:00:00Z&to=2020-02-01T00:00:00Z',
      headers: employer,
    });
    expect(past.json().sources).toEqual([]);

    // Another business sees none of it, and cannot name this job.
    const other = await t.auth(randomUUID(), ['BusinessUser']);
    await t.app.inject({
      method: 'POST',
      url: '/business',
      headers: other,
      payload: { name: 'Other Co', city: 'Hull', phone: '0148', domain: 'otherco' },
    });
    expect((await t.app.inject({ url: '/business/source-funnel', headers: other })).json().sources).toEqual([]);
    expect((await t.app.inject({ url: `/business/source-funnel?jobId=${jobA}`, headers: other })).statusCode).toBe(404);

    const row = await t.deps.database.db
      .selectFrom('job_applications')
      .select(['source', 'utm_source'])
      .where('id', '=', fromIndeed)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ source: 'indeed', utm_source: 'indeed' });
  });
});
