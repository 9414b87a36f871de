/**
 * The candidate's side at 360 and 1280 px: the home page after sign-in says something useful under the
 * greeting (the latest applications with their status, what to do next), the not-found page never scrolls
 * sideways however long the unknown address, and the apply form shows one CV message in one place.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, usePortalPages } from '../support/browser';
import { openApplyPage, registerCandidateByApi } from '../support/apply-flows';
import {
  applyViaApi,
  ApplicationStatus,
  createJob,
  newEmployer,
  setApplicationStatus,
  uploadCvViaApi,
  type Job,
} from '../support/employer';
import { pdfCv } from '../support/files';
import { newCandidate, signedInStateByApi } from '../support/flows';
import { WAIT_MS } from '../support/waits';

const openPage = usePortalPages();
const candidate = newCandidate('dashboard-fast');

/** A candidate with one application the employer wants to interview for, signed in. Made once. */
let setup: Promise<{ job: Job; businessName: string; signedIn: object }> | undefined;
const signedInCandidate = () =>
  (setup ??= (async () => {
    const employer = await newEmployer('dashboard-fast-employer');
    const job = await createJob(employer, `Test Fast Dashboard Job ${Date.now()}`);
    // Made and signed in through the APIs (the portal's sign-up is tested through its form elsewhere).
    const { token } = await registerCandidateByApi(candidate);
    const signedIn = await signedInStateByApi(candidate.email);
    const cvId = await uploadCvViaApi(token, pdfCv('Fast dashboard CV.pdf', candidate.name));
    const applicationId = await applyViaApi(token, job.id, cvId);
    await setApplicationStatus(employer, applicationId, ApplicationStatus.ScheduleInterview);
    return { job, businessName: employer.businessName, signedIn };
  })());

const firstName = candidate.name.trim().split(/\s+/)[0];
const sideways = (page: Page) =>
  page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: window.innerWidth }));

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])('at %s width', (_name, viewport) => {
  it('the not-found page wraps a long unknown address instead of scrolling sideways', async () => {
    const page = await openPage({ viewport });
    await page.goto(
      `/no-such-page/${'a-very-long-unknown-address-without-spaces'.repeat(4)}/${'0123456789'.repeat(6)}`,
    );
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    const { scrollWidth, innerWidth } = await sideways(page);
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  });

  it('the home page after sign-in: the greeting, the latest application with its status, what to do next', async () => {
    const { job, businessName, signedIn } = await signedInCandidate();
    const page = await openPage({ viewport, storageState: signedIn as never });
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: `Hello, ${firstName}!` }).waitFor({ timeout: WAIT_MS });
    const latest = page.getByRole('region', { name: 'Your latest applications' });
    const item = latest.getByRole('listitem').filter({ hasText: job.title });
    await item.waitFor();
    expect(await item.innerText()).toContain('Interview to be scheduled');
    expect(await item.innerText()).toContain(businessName);
    const next = page.getByRole('region', { name: 'What to do next' });
    expect(await next.innerText()).toContain(`The employer wants to interview you for ${job.title} at ${businessName}`);
    // The list came with startup: no spinner of its own on the way.
    expect(await page.getByText('Loading your applications').count()).toBe(0);
    const { scrollWidth, innerWidth } = await sideways(page);
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  });

  it('the apply form shows one CV message in one place after a refused file', async () => {
    const { job } = await signedInCandidate();
    const page = await openPage({ viewport });
    await openApplyPage(page, job.id);
    const cvMessages = async () => {
      const shown: string[] = [];
      for (const text of ['Please select your CV', 'Must be in the following format: pdf, doc, docx, txt'])
        if (await page.getByText(text, { exact: true }).isVisible()) shown.push(text);
      return shown;
    };
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect.poll(cvMessages).toEqual(['Please select your CV']);
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('not a cv') });
    await expect.poll(cvMessages).toEqual(['Must be in the following format: pdf, doc, docx, txt']);
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    // Give a second message the time to appear: there must still be only one.
    await page.waitForTimeout(300);
    expect(await cvMessages()).toEqual(['Must be in the following format: pdf, doc, docx, txt']);
  });
});

// docs/decisions/0466: /applications' HTML asks the candidate service for the list's data while its scripts
// download, and the app takes those answers instead of asking again.
it('/applications asks the candidate service once per call, from its HTML, and shows the list', async () => {
  const { job, signedIn } = await signedInCandidate();
  const page = await openPage({ viewport: PHONE, storageState: signedIn as never });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  // Each GET's address, and the script that sent it (the page itself for its inline script, else a bundle file).
  const asked: string[] = [];
  cdp.on('Network.requestWillBeSent', (event) => {
    const url = new URL(event.request.url);
    if (event.request.method !== 'GET' || !/^\/(candidate|cvs|job-applications)$/.test(url.pathname)) return;
    const sender = event.initiator.stack?.callFrames[0]?.url ?? event.initiator.url ?? '';
    asked.push(`${url.pathname} from ${new URL(sender).pathname}`);
  });
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await page.goto('/applications');
  await page.getByRole('article', { name: job.title }).waitFor({ timeout: WAIT_MS });
  expect(asked.sort()).toEqual([
    '/candidate from /applications',
    '/cvs from /applications',
    '/job-applications from /applications',
  ]);
  // Startup took them, and dropped what it would not take.
  expect(await page.evaluate(() => '__CAREERS_EARLY_ANSWERS__' in window)).toBe(false);
  expect(refused).toEqual([]);
});
