/**
 * Job alerts and feeds (issue 27 items 4, 5) end to end: a visitor asks for "Tell me about new jobs" on a
 * business's careers page, confirms with the link of the first email (one press), gets the first alert
 * email when the business posts a job (the stack sends at most one every 2 s instead of a day), and stops it
 * with the unsubscribe link (one press), on a phone. The feed on the portal's address lists the job.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { DESKTOP, PHONE, usePortalPages } from '../support/browser';
import { createJob, newEmployer, type Employer } from '../support/employer';
import { mailboxMark, mailFor, waitForMail, type SinkMessage } from '../support/mailbox';
import { WAIT_MS } from '../support/waits';

const openPage = usePortalPages();
const SCREENSHOTS = path.resolve(import.meta.dirname, '..', '.screenshots', 'job-alerts-and-feeds');

async function shot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, name), fullPage: true });
}

/** A header field of the raw message, unfolded. */
function header(message: SinkMessage, name: string): string | undefined {
  const head = message.raw.slice(0, message.raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  return head
    .split('\r\n')
    .find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
    ?.slice(name.length + 1)
    .trim();
}

/** The page fits the viewport's width (no sideways scrolling). */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.view);
}

describe('job alerts: sign-up on a careers page, double opt-in, the first alert email, one-press unsubscribe', () => {
  let employer: Employer;
  let slug: string;

  beforeAll(async () => {
    employer = await newEmployer('job-alerts');
    const res = await fetch(`${inject('stack').candidateUrl}/business/careers-page`, {
      headers: { authorization: `Bearer ${employer.accessToken}` },
    });
    expect(res.status).toBe(200);
    slug = ((await res.json()) as { slug: string }).slug;
  });

  it('takes the address on the careers page, confirms it, sends the new job, and stops with one press', async () => {
    const address = `alerts-${Date.now()}@example.test`;
    const page = await openPage({ viewport: DESKTOP });
    await page.goto(`/careers/${slug}`);
    const signup = page.getByRole('region', { name: 'Tell me about new jobs' });
    await signup.waitFor({ timeout: WAIT_MS });
    await signup.getByLabel('Your email address').fill(address);
    await shot(page, 'careers-signup-1280.png');
    await signup.getByRole('button', { name: 'Email me new jobs' }).click();
    const done = signup.getByText('Check your email: open the link we sent you to start the job alert.');
    // The bot check's proof of work is solved in the page first (seconds on a busy machine).
    await done.waitFor({ timeout: 60_000 });
    // The focus moves to what changed.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toContain('Check your email');
    await expectNoAxeViolations(page, 'careers page after the sign-up');

    const confirmMail = await waitForMail(address, { match: (m) => m.subject === 'Confirm your job alert' });
    expect(confirmMail.text).toContain(`New jobs at ${employer.businessName}`);
    const confirmLink = confirmMail.links.find((l) => l.includes('/job-alerts/confirm?token='));
    expect(confirmLink).toBeDefined();

    // Unconfirmed, a new job sends nothing.
    const since = await mailboxMark();
    const confirmPage = await openPage({ viewport: PHONE });
    await confirmPage.goto(confirmLink!);
    const confirm = confirmPage.getByRole('button', { name: 'Confirm the job alert' });
    await confirm.waitFor({ timeout: WAIT_MS });
    expect(await confirmPage.title()).toBe('Confirm your job alert · Careers Portal');
    await expectNoAxeViolations(confirmPage, 'confirm page before the press');
    await expectNoSidewaysScroll(confirmPage);
    await confirm.click();
    const on = confirmPage.getByRole('heading', { name: 'Your job alert is on' });
    await on.waitFor({ timeout: WAIT_MS });
    await expect
      .poll(() => confirmPage.evaluate(() => document.activeElement?.textContent))
      .toBe('Your job alert is on');
    await shot(confirmPage, 'confirmed-360.png');

    const job = await createJob(employer, `Alert Baker ${Date.now()}`);
    const alert = await waitForMail(address, { since, match: (m) => m.subject.endsWith('for your job alert') });
    expect(alert.subject).toBe('1 new job for your job alert');
    expect(alert.text).toContain(job.title);
    const { portalUrl, candidateUrl } = inject('stack');
    expect(alert.links).toContain(`${portalUrl}/apply/${job.id}?utm_source=job-alert`);
    expect(header(alert, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(header(alert, 'List-Unsubscribe')).toContain(`${candidateUrl}/job-alerts/unsubscribe?token=`);

    // The feed on the portal's address lists the job, tagged for the board.
    const feed = await fetch(`${portalUrl}/careers/${slug}/jobs.xml`);
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain(`${portalUrl}/apply/${job.id}?utm_source=indeed`);

    const stopLink = alert.links.find((l) => l.includes('/job-alerts/unsubscribe?token='));
    expect(stopLink).toBeDefined();
    const stopPage = await openPage({ viewport: PHONE });
    await stopPage.goto(stopLink!);
    const stop = stopPage.getByRole('button', { name: 'Stop the job alert' });
    await stop.waitFor({ timeout: WAIT_MS });
    await expectNoAxeViolations(stopPage, 'unsubscribe page before the press');
    await stop.click();
    await stopPage.getByRole('heading', { name: 'The job alert is off' }).waitFor({ timeout: WAIT_MS });
    await expectNoAxeViolations(stopPage, 'unsubscribe page after the press');
    await expectNoSidewaysScroll(stopPage);
    await shot(stopPage, 'unsubscribed-360.png');

    // Stopped: another job sends nothing.
    const after = await mailboxMark();
    await createJob(employer, `Alert Baker after ${Date.now()}`);
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect((await mailFor(address, after)).filter((m) => m.subject.endsWith('for your job alert'))).toEqual([]);
  });

  it('the sign-up fits a phone on /jobs, for the search in the address', async () => {
    const page = await openPage({ viewport: PHONE });
    await page.goto('/jobs?q=baker');
    const signup = page.getByRole('region', { name: 'Tell me about new jobs' });
    await signup.waitFor({ timeout: WAIT_MS });
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, '/jobs with the alert sign-up');
    await shot(page, 'jobs-signup-360.png');
  });
});
