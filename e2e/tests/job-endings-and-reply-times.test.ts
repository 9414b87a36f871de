/**
 * Job endings and reply times (issue 29 items 2 and 3) in the browser: an application past its job's "we
 * reply within 1 day" reads Overdue on the candidate's card and on the employer's list (the browsers' clock
 * moved two days on, not waited for); the employer closes a job with three open applications as filled,
 * told first how many candidates will hear what, and each candidate gets the outcome, with its reason, on
 * the application and in one e-mail (the browser suite's stack gives outcomes at once: JOB_ENDING_GRACE_SECONDS=0;
 * the hour's grace is tested on an injected clock in services/candidate/test/job-endings-and-reply-times.test.ts).
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { JOB_FIELDS } from '@careers/test-support/employer';
import { registerCandidateByApi } from '../support/apply-flows';
import { DESKTOP, PHONE, usePortalPages } from '../support/browser';
import { applyViaApi, codeSignInViaApi, newEmployer, type Employer } from '../support/employer';
import { pdfCv } from '../support/files';
import { newCandidate, signInByCode, signInEmployerByCode } from '../support/flows';
import { mailFor, mailboxMark, waitForMail } from '../support/mailbox';
import { useLooks } from '../support/screens';
import { WAIT_MS } from '../support/waits';

const openPage = usePortalPages();
const look = useLooks('job-endings');
const DAY = 24 * 60 * 60 * 1000;

async function jobWithPromise(employer: Employer, title: string, replyWithinDays: number): Promise<string> {
  const res = await fetch(`${inject('stack').candidateUrl}/business/jobs`, {
    method: 'POST',
    headers: { authorization: `Bearer ${employer.accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      ...JOB_FIELDS,
      title,
      description: `${title}: a job of the browser tests.`,
      replyWithinDays,
    }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

async function applicant(label: string, jobId: string) {
  const details = newCandidate(label);
  const made = await registerCandidateByApi(details, [pdfCv(`${label}.pdf`, details.name)]);
  // A code sign-in proves the address: the outcome's e-mail waits for a proved one (decision 0532).
  await codeSignInViaApi(details.email);
  const applicationId = await applyViaApi(made.token, jobId, made.cvs[0]!.cvId);
  return { details, applicationId };
}

/**
 * Moves the page's clock only once the signed-in page is left. Moved on a live page, the clock makes its
 * access token look expired, so any call it starts refreshes the session first; navigating away mid-refresh
 * leaves the rotated refresh token in storage, the next page presents it again, and the identity service
 * takes that as a stolen token and ends the whole session (reuse detection). Under load that happened in CI.
 */
async function leaveThenMoveClock(page: Page, time: number): Promise<void> {
  await page.goto('about:blank');
  await page.clock.setFixedTime(time);
}

describe('job endings and reply times', () => {
  let employer: Employer;
  beforeAll(async () => {
    employer = await newEmployer('endings');
  }, 120_000);

  it('marks an application past the promise overdue on both sides, at 360 and 1280 px', async () => {
    const title = `Test Promise ${Date.now()}`;
    const jobId = await jobWithPromise(employer, title, 1);
    const { details } = await applicant('overdue', jobId);
    const later = Date.now() + 2 * DAY;

    const phone = await openPage({ viewport: PHONE });
    await signInByCode(phone, details.email);
    await leaveThenMoveClock(phone, later);
    await phone.goto('/applications');
    const card = phone.getByRole('article', { name: title });
    await card.getByText('promised a reply within 1 day', { exact: false }).waitFor({ timeout: WAIT_MS });
    expect(await card.locator('.badge', { hasText: 'Overdue' }).count()).toBe(1);
    await look(phone, 'candidate-overdue', '360 px');
    // A visitor reads the promise above the Apply button (the candidate, who applied, sees their waiting instead).
    const visitor = await openPage({ viewport: PHONE });
    await visitor.goto(`/apply/${jobId}`);
    await visitor.getByText('We reply within 1 day.', { exact: true }).waitFor({ timeout: WAIT_MS });

    const desk = await openPage({ viewport: DESKTOP });
    await signInEmployerByCode(desk, employer.email);
    await leaveThenMoveClock(desk, later);
    await desk.goto(`/employer/jobs/${jobId}`);
    const row = desk.getByRole('listitem').filter({ hasText: details.name });
    // The browser's clock is two days ahead, so the app takes every access token as expired and refreshes it
    // before each of the page's calls: on a loaded machine the list can take longer than 20 s to come.
    await row.getByText('you promise 1 day', { exact: false }).waitFor({ timeout: WAIT_MS });
    expect(await row.locator('.badge', { hasText: 'Overdue' }).count()).toBe(1);
    await look(desk, 'employer-overdue', '1280 px');
  }, 180_000);

  it('closing a job with three open applications tells each the outcome, once by e-mail', async () => {
    const title = `Test Filled ${Date.now()}`;
    const jobId = await jobWithPromise(employer, title, 14);
    const three = [
      await applicant('ending-a', jobId),
      await applicant('ending-b', jobId),
      await applicant('ending-c', jobId),
    ];

    const desk = await openPage({ viewport: DESKTOP });
    await signInEmployerByCode(desk, employer.email);
    const row = desk.getByRole('listitem').filter({ has: desk.getByRole('link', { name: title, exact: true }) });
    await row.getByRole('button', { name: 'Close job' }).click();
    const dialog = desk.getByRole('alertdialog', { name: `Close ${title}?` });
    await dialog
      .getByText('3 candidates will be told “The position was filled”', { exact: false })
      .waitFor({ timeout: WAIT_MS });
    await look(desk, 'close-dialog', '1280 px');
    const since = await mailboxMark();
    await dialog.getByRole('button', { name: 'Close job' }).click();
    await desk.getByText('Job closed.').waitFor({ timeout: WAIT_MS });

    for (const { details } of three) {
      const mail = await waitForMail(details.email, {
        since,
        match: (m) => m.subject === 'Not selected: your job application has a new status',
      });
      expect(mail.text).toContain('Why: The position was filled.');
    }
    // One e-mail each, not more.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    for (const { details } of three) {
      const mine = (await mailFor(details.email, since)).filter((m) => m.subject.includes('new status'));
      expect(mine).toHaveLength(1);
    }

    const phone = await openPage({ viewport: PHONE });
    await signInByCode(phone, three[0]!.details.email);
    await phone.goto(`/applications/${three[0]!.applicationId}`);
    await phone.getByText('The position was filled', { exact: true }).waitFor({ timeout: WAIT_MS });
    await look(phone, 'candidate-outcome', '360 px');
  }, 240_000);

  it("shows the business's median time to a first status change on its careers page, from the status history", async () => {
    const title = `Test Median ${Date.now()}`;
    const jobId = await jobWithPromise(employer, title, 7);
    const headers = { authorization: `Bearer ${employer.accessToken}`, 'content-type': 'application/json' };
    const { candidateUrl } = inject('stack');
    // Ten applications answered within seconds: ten data points of the last 90 days (with the endings above, more).
    for (let i = 0; i < 10; i += 1) {
      const { applicationId } = await applicant(`median-${i}`, jobId);
      const moved = await fetch(`${candidateUrl}/business/applications/${applicationId}/status`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ applicationStatus: 10 }),
      });
      expect(moved.status).toBe(200);
    }
    const settings = await fetch(`${candidateUrl}/business/careers-page`, { headers });
    const { slug } = (await settings.json()) as { slug: string };

    const phone = await openPage({ viewport: PHONE });
    await phone.goto(`/careers/${slug}`);
    const measured = phone.getByText('Measured reply time:', { exact: false });
    await measured.waitFor({ timeout: WAIT_MS });
    expect(await measured.innerText()).toMatch(
      new RegExp(
        `heard back from ${employer.businessName} within less than a day \\(the median of \\d+ applications over the last 90 days`,
      ),
    );
    const card = phone.getByRole('listitem').filter({ hasText: title });
    expect(await card.innerText()).toContain('Within 7 days');
    await look(phone, 'careers-median', '360 px');
  }, 180_000);
});
