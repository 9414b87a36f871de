/**
 * Issue 12 items 4 and 5: the apply page shows what a candidate decides on (place, workplace, hours,
 * contract, salary, the description folded on phones) and keeps a long title within two lines on a phone;
 * a signed-in candidate who already applied is told so on arrival, with the way to the application; and
 * each application in /applications leads back to its job's page. At 360 px and 1280 px, axe clean, no
 * sideways scroll.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoSidewaysScroll, openApplyPage } from '../support/apply-flows';
import { expectNoAxeViolations } from '../support/axe';
import { DESKTOP, PHONE, usePortalPages } from '../support/browser';
import { applyViaApi, candidateAccessToken, uploadCvViaApi } from '../support/employer';
import { pdfCv } from '../support/files';
import { newCandidate, signUpByCode } from '../support/flows';
import { createEmployer, type Employer, type EmployerJob } from '../support/jobs';
import { WAIT_MS } from '../support/waits';

const SCREENSHOTS = path.resolve(import.meta.dirname, '..', '.screenshots', 'apply-job-details');
const TITLE = 'Senior Hydrographic Survey Technician for Offshore Wind Farm Cable Routes and Harbour Works';
const DESCRIPTION = [
  'You will plan and run multibeam surveys of cable routes between the wind farm and the shore, on our own vessels and on charter.',
  'The team is six surveyors and two data processors; you will lead the field work and train the two graduates who joined this year.',
  'We offer a company pension, 28 days of holiday and a training budget. Offshore days are paid at a higher day rate.',
].join('\n\n');

const openPage = usePortalPages();
let employer: Employer;
let job: EmployerJob;

beforeAll(async () => {
  employer = await createEmployer({
    label: 'jobdetails',
    withLogo: true,
    jobs: [
      {
        title: TITLE,
        description: DESCRIPTION,
        city: 'Hull',
        postcode: 'HU1 1AA',
        fullTime: true,
        partTime: false,
        jobType: 1,
        workplace: 'Hybrid',
        salaryRateType: 3,
        salaryFrom: 38000,
        salaryTo: 45000,
        salaryCurrency: 'GBP',
      },
    ],
  });
  [job] = employer.jobs as [EmployerJob];
  mkdirSync(SCREENSHOTS, { recursive: true });
});

const fact = (page: Page, label: string) =>
  page.locator('.job-details__facts > div', { has: page.locator('dt', { hasText: label }) }).locator('dd');

describe.each([
  ['360 px', PHONE],
  ['1280 px', DESKTOP],
] as const)('the job on the apply page at %s', (label, viewport) => {
  it('shows the place, workplace, hours, contract and salary, and the description (folded on a phone)', async () => {
    const page = await openPage({ viewport });
    await openApplyPage(page, job.id);
    expect(await fact(page, 'Location').innerText()).toBe('Hull, HU1 1AA');
    expect(await fact(page, 'Workplace').innerText()).toBe('Hybrid (partly remote)');
    expect(await fact(page, 'Hours').innerText()).toBe('Full time');
    expect(await fact(page, 'Contract').innerText()).toBe('Permanent');
    expect(await fact(page, 'Salary').innerText()).toBe('£38,000 – £45,000 a year');

    const text = page.locator('.job-details__text');
    const lastParagraph = text.getByText(/^We offer a company pension/);
    const toggle = page.locator('label.job-details__toggle');
    if (viewport === PHONE) {
      // Folded: only the first lines show, and 'Show more' opens the rest (a label and CSS: no script needed).
      const folded = await text.evaluate((el) => ({ shown: el.clientHeight, whole: el.scrollHeight }));
      expect(folded.shown).toBeLessThan(folded.whole);
      const [more, less] = [toggle.locator('.job-details__more'), toggle.locator('.job-details__less')];
      expect([await more.isVisible(), await less.isVisible()]).toEqual([true, false]);
      expect(await more.innerText()).toBe('Show more');
      await toggle.click();
      expect([await more.isVisible(), await less.isVisible()]).toEqual([false, true]);
      expect(await less.innerText()).toBe('Show less');
      const open = await text.evaluate((el) => ({ shown: el.clientHeight, whole: el.scrollHeight }));
      expect(open.shown).toBe(open.whole);
      // The whole title shows, wrapped over as many lines as it needs: nothing clipped or cut with an ellipsis.
      const title = await page.getByRole('heading', { level: 1 }).evaluate((el) => ({
        clipped: el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1,
        ellipsis: getComputedStyle(el).textOverflow === 'ellipsis' && getComputedStyle(el).overflow === 'hidden',
      }));
      expect(title).toEqual({ clipped: false, ellipsis: false });
    } else {
      expect(await toggle.isVisible()).toBe(false);
      expect(await lastParagraph.isVisible()).toBe(true);
    }
    await expectNoSidewaysScroll(page, `the apply page with the job's details at ${label}`);
    await expectNoAxeViolations(page, `the apply page with the job's details at ${label}`);
    await page.screenshot({ path: path.join(SCREENSHOTS, `details-${viewport.width}.png`), fullPage: true });
  });
});

describe('a candidate who already applied', () => {
  // Made once, by the first test that needs it (an error then shows as that test's failure).
  let setup: Promise<{ signedIn: BrowserContextOptions['storageState']; applicationId: string }> | undefined;
  const appliedCandidate = () =>
    (setup ??= (async () => {
      const candidate = newCandidate('applied-before');
      const page = await openPage({ viewport: PHONE });
      await signUpByCode(page, candidate);
      const signedIn = await page.context().storageState();
      const token = await candidateAccessToken(candidate.email);
      const applicationId = await applyViaApi(
        token,
        job.id,
        await uploadCvViaApi(token, pdfCv('Applied Before CV.pdf', candidate.name)),
      );
      return { signedIn, applicationId };
    })());

  it.each([
    ['360 px', PHONE],
    ['1280 px', DESKTOP],
  ] as const)(
    'is told so on arrival at %s, and finds the application and the way back to the job',
    { timeout: 120_000 },
    async (label, viewport) => {
      const { signedIn, applicationId } = await appliedCandidate();
      const page = await openPage({ viewport, storageState: signedIn });
      // Not openApplyPage: its "Apply now" heading is the server's first paint here, and the signed-in
      // page replaces it with the notice as it starts (on a slow host before the wait saw it).
      await page.goto(`/apply/${job.id}`);
      const today = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(
        new Date(),
      );
      const notice = page.getByRole('heading', { level: 2, name: `You applied on ${today}` });
      await notice.waitFor({ timeout: WAIT_MS });
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(`You already applied to ${TITLE}`);
      // No Apply on offer: the service would refuse it.
      expect(await page.getByRole('button', { name: 'Apply', exact: true }).count()).toBe(0);
      expect(await page.getByRole('heading', { level: 2, name: 'Choose a CV' }).count()).toBe(0);
      await expectNoSidewaysScroll(page, `the already-applied notice at ${label}`);
      await expectNoAxeViolations(page, `the already-applied notice at ${label}`);
      await page.screenshot({ path: path.join(SCREENSHOTS, `already-applied-${viewport.width}.png`), fullPage: true });

      await page.getByRole('link', { name: 'See your application' }).click();
      await expect
        .poll(() => new URL(page.url()).pathname + new URL(page.url()).search, { timeout: WAIT_MS })
        .toBe(`/applications?application=${applicationId}`);
      const card = page.getByRole('article', { name: TITLE, exact: true });
      await card.waitFor({ timeout: WAIT_MS });
      expect(await card.getAttribute('aria-current')).toBe('true');
      await expectNoSidewaysScroll(page, `/applications with the job link at ${label}`);
      await expectNoAxeViolations(page, `/applications with the job link at ${label}`);

      // Each application leads back to its job.
      await card.getByRole('link', { name: TITLE, exact: true }).click();
      await expect.poll(() => new URL(page.url()).pathname, { timeout: WAIT_MS }).toBe(`/apply/${job.id}`);
      await notice.waitFor({ timeout: WAIT_MS });
    },
  );
});
