/**
 * Job applications as the candidate sees them (product.md §3 applicationStatus, §4 status order; design.md §3 the
 * timeline of status changes) while a real employer moves the application through the employer API
 * (design.md §5). The employer and the candidate's application are made over HTTP; what is tested is what
 * the portal shows on /applications.
 */
import type { BrowserContextOptions, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerCandidateByApi } from '../support/apply-flows';
import { usePortalPages } from '../support/browser';
import {
  applyViaApi,
  ApplicationStatus,
  createJob,
  newEmployer,
  setApplicationStatus,
  uploadCvViaApi,
  type Employer,
  type Job,
} from '../support/employer';
import { pdfCv } from '../support/files';
import { newCandidate, signedInStateByApi } from '../support/flows';
import { WAIT_MS } from '../support/waits';

const openPage = usePortalPages();

async function freshPage(options: BrowserContextOptions = {}) {
  const page = await openPage(options);
  return page;
}

/** The card of one application, by its job title. */
const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });

/** The steps of a card's timeline, newest first, as the candidate reads them. */
async function timeline(page: Page, title: string): Promise<string[]> {
  const progress = card(page, title).locator('details');
  if (!(await progress.evaluate((d) => (d as HTMLDetailsElement).open))) await progress.locator('summary').click();
  return progress.locator('li .application-card__step').allInnerTexts();
}

async function statusOf(page: Page, title: string): Promise<string> {
  // The badge reads 'Status: …' to screen readers (the prefix is visually hidden).
  const badge = (await card(page, title).locator('.badge').textContent()) ?? '';
  expect(badge).toMatch(/^Status: /);
  return badge.replace(/^Status:\s*/, '').trim();
}

describe('an employer moves the application; the candidate sees it on /applications', () => {
  let employer: Employer;
  let job: Job;
  const cvName = 'Application CV.pdf';

  beforeAll(async () => {
    employer = await newEmployer();
    job = await createJob(employer, `Test Warehouse Operative ${Date.now()}`);
  });

  /**
   * A candidate (made through the APIs as the portal's sign-up makes it) who applied to the job with a PDF CV,
   * and the browser state of their code sign-in through the identity API: what is tested is /applications,
   * not signing up (sign-in.test.ts and others do that through the form).
   */
  async function applicant() {
    const candidate = newCandidate('applicant');
    const { token } = await registerCandidateByApi(candidate);
    const cvId = await uploadCvViaApi(token, pdfCv(cvName, candidate.name));
    const applicationId = await applyViaApi(token, job.id, cvId);
    return { signedIn: await signedInStateByApi(candidate.email), applicationId };
  }

  it('a new application reads "Application received", with business, place and CV', async () => {
    const { signedIn } = await applicant();
    const page = await freshPage({ storageState: signedIn });
    await page.goto('/applications');
    const application = card(page, job.title);
    await expect.poll(() => application.isVisible(), { timeout: WAIT_MS }).toBe(true);
    expect(await statusOf(page, job.title)).toBe('Application received');
    expect(await application.getByText(`${employer.businessName} · Leeds`, { exact: true }).isVisible()).toBe(true);
    expect(await application.getByText(cvName, { exact: true }).isVisible()).toBe(true);
    expect(await timeline(page, job.title)).toEqual(['Application received']);
  });

  it('after "Qualify" and "ScheduleInterview" the status is in plain words and the timeline lists each step, newest first', async () => {
    const { signedIn, applicationId } = await applicant();
    await setApplicationStatus(employer, applicationId, ApplicationStatus.Qualify);
    await setApplicationStatus(employer, applicationId, ApplicationStatus.ScheduleInterview);

    const page = await freshPage({ storageState: signedIn });
    await page.goto('/applications');
    await card(page, job.title).waitFor({ timeout: WAIT_MS });
    expect(await statusOf(page, job.title)).toBe('Interview to be scheduled');
    expect(await timeline(page, job.title)).toEqual([
      'Interview to be scheduled',
      'Under review',
      'Application received',
    ]);
    // Each step has its time.
    const times = await card(page, job.title)
      .locator('details li time')
      .evaluateAll((els) => els.map((el) => el.getAttribute('datetime') ?? ''));
    expect(times).toHaveLength(3);
    for (const time of times) expect(Number.isNaN(Date.parse(time))).toBe(false);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('a rejection reads "Not selected"; the CV page says where the CV was sent', async () => {
    const { signedIn, applicationId } = await applicant();
    await setApplicationStatus(employer, applicationId, ApplicationStatus.Reject);

    const page = await freshPage({ storageState: signedIn });
    await page.goto('/applications');
    await card(page, job.title).waitFor({ timeout: WAIT_MS });
    expect(await statusOf(page, job.title)).toBe('Not selected');
    expect((await timeline(page, job.title))[0]).toBe('Not selected');

    await page.getByRole('link', { name: 'CVs', exact: true }).click();
    const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: cvName, exact: true }) });
    await row.getByText('Sent 1 time').click({ timeout: WAIT_MS });
    expect(await row.getByText(`Application: ${job.title} at ${employer.businessName}`).isVisible()).toBe(true);
  });
});
