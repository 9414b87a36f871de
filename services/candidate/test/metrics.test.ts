import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricSample } from '@careers/server-kit/metrics';
import { eventually, multipart, newCandidate, startTestApp, type TestApp } from './helpers';
import { tinyPdf } from './fixtures';

// The counters live in one registry per process (a service's process): each test reads how much a
// series moved across its own calls.
describe('candidate metrics an operator reads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { CONTACT_EMAIL: 'support@provider.test' });
  });
  afterAll(async () => t?.close());

  const scrape = async () => {
    const res = await t.app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  async function liveJob(): Promise<string> {
    const headers = await t.auth(randomUUID(), ['BusinessUser']);
    const business = await t.app.inject({
      method: 'POST',
      url: '/business',
      headers,
      payload: { name: 'Metrics Ltd', city: 'Leeds', phone: '0113', domain: 'metrics' },
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
        postcode: 'LS1 1AA',
        jobType: 2,
        remote: false,
        salaryRateType: 1,
        salaryFrom: 15,
        salaryTo: 20,
        salaryCurrency: 'GBP',
      },
    });
    expect(job.statusCode).toBe(200);
    return job.json().id as string;
  }

  it('counts applications by outcome, CV parsing jobs and requests by route pattern', async () => {
    const jobId = await liveJob();
    const { headers } = await newCandidate(t);
    const before = await scrape();
    const moved = (after: string, name: string, labels: Record<string, string>) =>
      metricSample(after, name, labels) - metricSample(before, name, labels);

    const upload = multipart('cv.pdf', tinyPdf('Metrics'));
    const cv = await t.app.inject({
      method: 'POST',
      url: '/cvs',
      headers: { ...headers, ...upload.headers },
      payload: upload.payload,
    });
    expect(cv.statusCode).toBe(200);
    const cvId = cv.json().cvId as string;
    const apply = (job: string) =>
      t.app.inject({
        method: 'POST',
        url: '/job-applications',
        headers,
        payload: { jobId: job, cvId, readyToWork: true },
      });
    expect((await apply(jobId)).json().isValidResponse).toBe(true);
    expect((await apply(jobId)).json().isValidResponse).toBe(false);
    expect((await apply(randomUUID())).json().isValidResponse).toBe(false);
    expect((await t.app.inject({ url: `/job/${jobId}` })).statusCode).toBe(200);

    const after = await eventually(async () => {
      const now = await scrape();
      return moved(now, 'careers_background_jobs_total', { job: 'cv-parse' }) >= 1 ? now : undefined;
    });
    expect(moved(after, 'careers_applications_total', { outcome: 'created' })).toBe(1);
    expect(moved(after, 'careers_applications_total', { outcome: 'already-applied' })).toBe(1);
    expect(moved(after, 'careers_applications_total', { outcome: 'job-missing' })).toBe(1);
    expect(moved(after, 'careers_background_job_failures_total', { job: 'cv-parse' })).toBe(0);
    expect(moved(after, 'http_requests_total', { method: 'POST', route: '/job-applications', status: '200' })).toBe(3);
    expect(moved(after, 'http_request_duration_seconds_count', { method: 'GET', route: '/job/:id' })).toBe(1);
    // Route patterns only: no job or CV id is ever a label value.
    expect(after).not.toContain(jobId);
    expect(after).not.toContain(cvId);
  });

  it('counts a contact e-mail queued, forwarded by a background job, and sent', async () => {
    const before = await scrape();
    const moved = (after: string, name: string, labels: Record<string, string>) =>
      metricSample(after, name, labels) - metricSample(before, name, labels);
    const payload = {
      name: 'Ada',
      phone: '0123',
      email: 'ada@example.test',
      message: 'Please call me',
      source: 'contact-us',
    };
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/contact/contact',
          headers: await t.auth(randomUUID()),
          payload,
        })
      ).statusCode,
    ).toBe(200);
    expect(moved(await scrape(), 'careers_emails_queued_total', { kind: 'contact message' })).toBe(1);
    const after = await eventually(async () => {
      const now = await scrape();
      return moved(now, 'careers_emails_sent_total', { kind: 'contact message' }) === 1 ? now : undefined;
    });
    expect(moved(after, 'careers_background_jobs_total', { job: 'contact-forward' })).toBeGreaterThanOrEqual(1);
    expect(moved(after, 'careers_emails_failed_total', { kind: 'contact message' })).toBe(0);
  });
});
