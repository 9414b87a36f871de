/**
 * The signed-in pages as a whole: axe (WCAG 2.1 A/AA) on every page of the dashboard at 1280 and 360 px,
 * with real data on them (a CV, an application moved by an employer, a CV drop), and the side navigation
 * (product.md §1 "can be toggled and is shown by default", §2/§9 "below 1024 px each navigation toggles it").
 */
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerCandidateByApi } from '../support/apply-flows';
import { expectNoAxeViolations } from '../support/axe';
import { DESKTOP, PHONE, usePortalPages } from '../support/browser';
import {
  applyViaApi,
  ApplicationStatus,
  createJob,
  dropCvViaApi,
  newEmployer,
  setApplicationStatus,
  uploadCvViaApi,
  type Job,
} from '../support/employer';
import { pdfCv } from '../support/files';
import { newCandidate, signedInStateByApi } from '../support/flows';
import { WAIT_MS } from '../support/waits';

const openPage = usePortalPages();
const candidate = newCandidate('dashboard');
const cvName = 'Dashboard CV.pdf';

interface Dashboard {
  job: Job;
  businessName: string;
  signedIn: BrowserContextOptions['storageState'];
}

/**
 * The candidate every test looks at: a CV, an application an employer moved to an offer and a CV drop,
 * made through the APIs and signed in by code through the identity API. Made once, by the first test that needs it
 * (so any one test runs alone, and an error shows as that test's failure); no test changes it.
 */
let setup: Promise<Dashboard> | undefined;
const dashboard = () =>
  (setup ??= (async () => {
    const employer = await newEmployer('dashboard-employer');
    const job = await createJob(employer, `Test Dashboard Job ${Date.now()}`);
    // Made and signed in through the APIs (the portal's sign-up is tested through its form elsewhere).
    const { token } = await registerCandidateByApi(candidate);
    const signedIn = await signedInStateByApi(candidate.email);
    const cvId = await uploadCvViaApi(token, pdfCv(cvName, candidate.name));
    const applicationId = await applyViaApi(token, job.id, cvId);
    await setApplicationStatus(employer, applicationId, ApplicationStatus.MakeOffer);
    await dropCvViaApi(token, employer.businessId, cvId);
    return { job, businessName: employer.businessName, signedIn };
  })());

async function signedInPage(viewport: { width: number; height: number }) {
  const { signedIn } = await dashboard();
  return openPage({ viewport, storageState: signedIn });
}

const path = (page: Page) => new URL(page.url()).pathname;
const sideNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const menuButton = (page: Page) => page.locator('button[aria-controls="side-nav"]');

// Issue 12: below 1024 px the menu starts closed after sign-in and reload.
async function closeNav(page: Page) {
  await menuButton(page).waitFor({ timeout: WAIT_MS });
  expect(await menuButton(page).getAttribute('aria-expanded')).toBe('false');
  expect(await sideNav(page).isVisible()).toBe(false);
}

it('a candidate with a CV, an application and a CV drop', async () => {
  const { job, businessName, signedIn } = await dashboard();
  expect(job.id).toBeTruthy();
  expect(businessName).toBeTruthy();
  expect(signedIn).toBeDefined();
});

/** Each signed-in page, and what shows that its data has arrived. */
const signedInPages = ({ job, businessName }: Dashboard): { path: string; ready: (p: Page) => Promise<unknown> }[] => [
  { path: '/', ready: (p) => p.getByRole('heading', { name: /^Hello, / }).waitFor() },
  {
    path: '/profile',
    ready: (p) => expect.poll(() => p.getByLabel('Name', { exact: true }).inputValue()).toBe(candidate.name),
  },
  { path: '/cvs', ready: (p) => p.getByRole('heading', { name: cvName, exact: true }).waitFor() },
  {
    path: '/applications',
    ready: async (p) => {
      const card = p.getByRole('article', { name: job.title, exact: true });
      await card.waitFor();
      // The timeline open too, so its content is checked.
      await card.locator('summary').click();
      await card.getByText('Offer', { exact: true }).first().waitFor();
    },
  },
  { path: '/cv-drops', ready: (p) => p.getByRole('heading', { name: businessName, exact: true }).waitFor() },
  { path: '/contact-us', ready: (p) => p.getByRole('button', { name: 'Send message' }).waitFor() },
  { path: '/user-account', ready: (p) => p.getByRole('button', { name: 'Delete my account' }).waitFor() },
];

describe.each([
  { viewportName: '1280 px', viewport: DESKTOP },
  { viewportName: '360 px', viewport: PHONE },
])('axe on the signed-in pages at $viewportName', ({ viewport }) => {
  it('every page, with its data, has no violations', async () => {
    const page = await signedInPage(viewport);
    for (const { path: at, ready } of signedInPages(await dashboard())) {
      await page.goto(at);
      // On a phone the navigation, shown by default, covers the page: closed as a candidate would.
      // (Open, it is checked by accessibility.test.ts.)
      if (viewport.width < 1024) await closeNav(page);
      await ready(page);
      await expectNoAxeViolations(page, `${at} at ${viewport.width} px`);
      if (process.env.E2E_SCREENSHOTS)
        await page.screenshot({
          path: `${process.env.E2E_SCREENSHOTS}/${at.replace(/\W/g, '') || 'home'}-${viewport.width}.png`,
          fullPage: true,
        });
    }
    if (viewport.width < 1024) {
      // The phone menu, opened, reaches every signed-in page (issue 12 item 13) without sideways scroll.
      await menuButton(page).click();
      const nav = sideNav(page);
      for (const name of ['Job Applications', 'CVs', 'CV drops', 'Profile', 'Candidate Account']) {
        expect(await nav.getByRole('link', { name, exact: true }).isVisible(), name).toBe(true);
      }
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(viewport.width);
      if (process.env.E2E_SCREENSHOTS)
        await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/menu-${viewport.width}.png` });
    }
  });

  it('the logout and delete-CV confirmations have no violations', async () => {
    const page = await signedInPage(viewport);
    await page.goto('/cvs');
    if (viewport.width < 1024) await closeNav(page);
    await page.getByRole('button', { name: `Delete ${cvName}` }).click();
    await page.getByRole('alertdialog', { name: 'Delete this CV?' }).waitFor();
    await expectNoAxeViolations(page, `delete-CV confirmation at ${viewport.width} px`);
    await page.getByRole('button', { name: 'Cancel' }).click();

    if (viewport.width < 1024) await menuButton(page).click();
    await page.getByRole('button', { name: 'Logout', exact: true }).click();
    await page.getByRole('alertdialog', { name: 'Logout' }).waitFor();
    await expectNoAxeViolations(page, `logout confirmation at ${viewport.width} px`);
  });
});

describe('side navigation (product.md §1, §2, §9)', () => {
  it('at 1280 px it is shown by default, toggles, and stays open across navigations', async () => {
    const page = await signedInPage(DESKTOP);
    await page.goto('/applications');
    await sideNav(page).waitFor({ timeout: WAIT_MS });
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('true');

    await menuButton(page).click();
    await expect.poll(() => sideNav(page).isVisible()).toBe(false);
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('false');
    expect(await menuButton(page).getAttribute('aria-label')).toBe('Show navigation');
    await menuButton(page).click();
    await expect.poll(() => sideNav(page).isVisible()).toBe(true);
    expect(await menuButton(page).getAttribute('aria-label')).toBe('Hide navigation');

    await sideNav(page).getByRole('link', { name: 'CVs', exact: true }).click();
    await expect.poll(() => path(page)).toBe('/cvs');
    await sideNav(page).getByRole('link', { name: 'Candidate Account', exact: true }).click();
    await expect.poll(() => path(page)).toBe('/user-account');
    expect(await sideNav(page).isVisible()).toBe(true);
  });

  it.each([
    { viewportName: '360 px', viewport: PHONE },
    { viewportName: '1023 px', viewport: { width: 1023, height: 800 } },
  ])('at $viewportName it closes after each navigation and opens again with the menu button', async ({ viewport }) => {
    const page = await signedInPage(viewport);
    await page.goto('/applications');
    // Issue 12: below 1024 px it starts closed (also after a reload), so the page is not covered.
    await menuButton(page).waitFor({ timeout: WAIT_MS });
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('false');
    expect(await sideNav(page).isVisible()).toBe(false);
    await page.reload();
    await menuButton(page).waitFor({ timeout: WAIT_MS });
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('false');
    await menuButton(page).click();
    await expect.poll(() => sideNav(page).isVisible()).toBe(true);

    await sideNav(page).getByRole('link', { name: 'CVs', exact: true }).click();
    await expect.poll(() => path(page)).toBe('/cvs');
    await expect.poll(() => sideNav(page).isVisible()).toBe(false);
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('false');

    await menuButton(page).click();
    await expect.poll(() => sideNav(page).isVisible()).toBe(true);
    await sideNav(page).getByRole('link', { name: 'Get in touch' }).click();
    await expect.poll(() => path(page)).toBe('/contact-us');
    await expect.poll(() => sideNav(page).isVisible()).toBe(false);

    // Toggled by hand without navigating, it stays as chosen.
    await menuButton(page).click();
    await expect.poll(() => sideNav(page).isVisible()).toBe(true);
    await page.waitForTimeout(300);
    expect(await sideNav(page).isVisible()).toBe(true);
  });

  it('at exactly 1024 px a navigation leaves it open', async () => {
    const page = await signedInPage({ width: 1024, height: 800 });
    await page.goto('/applications');
    await sideNav(page).waitFor({ timeout: WAIT_MS });
    await sideNav(page).getByRole('link', { name: 'CVs', exact: true }).click();
    await expect.poll(() => path(page)).toBe('/cvs');
    await page.getByRole('heading', { name: cvName, exact: true }).waitFor({ timeout: WAIT_MS });
    expect(await sideNav(page).isVisible()).toBe(true);
  });
});
