/**
 * A new candidate who left the apply page at the code step is signed in with the application sent: their
 * pages ask for the code ("Confirm your e-mail so {business} can reach you") until it is entered, and the
 * employer sees the address as verified from then on (decisions 0291, 0166). A candidate's password reset
 * signs in with its own session, and a used link says so before its form (decision 0290). At 360 and
 * 1280 px; accounts are made through the APIs. Screenshots go to E2E_LOOKS_DIR when it is set.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { CANDIDATE_BUILT_IN_PASSWORD } from '@careers/contracts/identity';
import { beforeAll, describe, expect, it } from 'vitest';
import { stackApi } from '../support/api';
import { pdfCv } from '../support/apply-files';
import { expectNoSidewaysScroll, expectPath } from '../support/apply-flows';
import { expectNoAxeViolations } from '../support/axe';
import { DESKTOP, PHONE, usePortalPages } from '../support/browser';
import { applyViaApi } from '../support/employer';
import { newCandidate, type CandidateDetails } from '../support/flows';
import { createEmployer, employerApplications, type Employer } from '../support/jobs';
import { latestCode, latestLink, mailboxMark } from '../support/mailbox';
import { WAIT_MS } from '../support/waits';

const openPage = usePortalPages();
let employer: Employer;

beforeAll(async () => {
  employer = await createEmployer({ label: 'confirm', jobs: [{ title: 'Night Baker' }] });
});

async function look(page: Page, name: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  await expectNoSidewaysScroll(page, `${name} at ${width} px`);
  const dir = process.env.E2E_LOOKS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${width}-${name}.png`), fullPage: true });
}

/**
 * What the apply page leaves behind when the code step is left: an account whose address nobody proved, its
 * candidate record, a CV and an application to the employer's job, and the session kept in the browser.
 */
async function appliedWithoutCode(candidate: CandidateDetails) {
  const api = stackApi();
  const registered = await api.identity.registerCandidateUser({
    name: candidate.name,
    email: candidate.email,
    phone: candidate.phone,
    password: CANDIDATE_BUILT_IN_PASSWORD,
  });
  const token = registered.accessToken!;
  await api.candidate.create(token, {
    name: candidate.name,
    email: candidate.email,
    phoneNumber: candidate.phone,
    postcode: candidate.postCode,
  });
  const cv = await api.candidate.uploadCv(token, pdfCv('baker-cv.pdf'));
  await applyViaApi(token, employer.jobs[0]!.id, cv.cvId);
  return {
    id: registered.userId,
    name: candidate.name,
    email: candidate.email,
    phone: candidate.phone,
    accessToken: token,
    refreshToken: registered.refreshToken,
    refreshTokenExpiryTime: null,
    success: true,
    feedbackMessage: null,
  };
}

async function signedInPage(viewport: { width: number; height: number }, session: object): Promise<Page> {
  const page = await openPage({ viewport });
  await page.addInitScript((stored) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('careers-portal.auth', stored);
      sessionStorage.setItem('seeded', '1');
    }
  }, JSON.stringify(session));
  return page;
}

const emailVerifiedAtEmployer = async (email: string) =>
  (await employerApplications(employer, employer.jobs[0]!.id)).find((a) => a.candidate.email === email)?.emailVerified;

describe.each([
  { name: '1280 px', viewport: DESKTOP },
  { name: '360 px', viewport: PHONE },
])('at $name', ({ name, viewport }) => {
  const tag = name.replace(' ', '');

  it('the pages ask for the code until it is entered; the code proves the address in both services', async () => {
    const candidate = newCandidate(`confirm-${tag}`);
    const session = await appliedWithoutCode(candidate);
    expect(await emailVerifiedAtEmployer(candidate.email)).toBe(false);
    const business = employer.business.name;
    const title = `Confirm your e-mail so ${business} can reach you`;

    // Reopening the apply link says the application went, and that the address still needs its code.
    const page = await signedInPage(viewport, session);
    await page.goto(`/apply/${employer.jobs[0]!.id}`);
    await expect
      .poll(() => page.getByRole('heading', { name: /^You applied on/ }).isVisible(), { timeout: WAIT_MS })
      .toBe(true);
    await expect.poll(() => page.getByRole('heading', { name: title }).isVisible(), { timeout: WAIT_MS }).toBe(true);
    await look(page, 'confirm-apply-page');

    await page.goto('/applications');
    const banner = page.getByRole('heading', { name: title });
    await expect.poll(() => banner.isVisible(), { timeout: WAIT_MS }).toBe(true);
    await look(page, 'confirm-banner');
    await expectNoAxeViolations(page, `confirm banner at ${name}`);

    const since = await mailboxMark();
    await stackApi().identity.sendVerificationCode(candidate.email);
    await page.getByLabel('Verification code', { exact: true }).fill(await latestCode(candidate.email, { since }));
    await page.getByRole('button', { name: 'Confirm email' }).click();

    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Your email address is confirmed.' }).count(), {
        timeout: WAIT_MS,
      })
      .toBe(1);
    expect(await banner.count()).toBe(0);
    // The focus went to the page's own heading, not to the body.
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    await look(page, 'confirm-banner-done');
    await expect.poll(() => emailVerifiedAtEmployer(candidate.email), { timeout: WAIT_MS }).toBe(true);

    // The new session is kept: a reload stays signed in, and nothing asks for the code any more.
    await page.reload();
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Job Applications' }).isVisible(), { timeout: WAIT_MS })
      .toBe(true);
    expect(await banner.count()).toBe(0);
  });

  it('the reset signs the candidate in; the same link again says it was used, before any form', async () => {
    const candidate = newCandidate(`reset-${tag}`);
    await appliedWithoutCode(candidate);
    const page = await openPage({ viewport });
    await page.goto('/account/login');
    await look(page, 'login');
    // The sign-in page says no password is needed; the reset page is reached at its own address.
    await page.goto('/account/request-password-reset');
    // The page's chunk may still be loading while the sign-in page (with its own Email field) shows.
    await page.getByRole('heading', { name: 'Forgotten password' }).waitFor();
    const since = await mailboxMark();
    await page.getByLabel('Email', { exact: true }).fill(candidate.email);
    await page.getByRole('button', { name: 'Send me a reset link' }).click();
    const link = await latestLink(candidate.email, '/account/reset/', { since });

    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('a-New-passw0rd');
    await page.getByLabel('Confirm password', { exact: true }).fill('a-New-passw0rd');
    await look(page, 'reset-form');
    await page.getByRole('button', { name: 'Save Password & Sign in' }).click();
    await expectPath(page, '/');
    const firstName = candidate.name.split(' ')[0] as string;
    await expect
      .poll(() => page.getByRole('heading', { name: `Hello, ${firstName}!` }).isVisible(), { timeout: WAIT_MS })
      .toBe(true);
    // The link proved the address: no banner asks for a code.
    expect(await page.getByRole('heading', { name: /^Confirm your e-mail/ }).count()).toBe(0);

    const again = await openPage({ viewport });
    await again.goto(link);
    await expect
      .poll(() => again.getByRole('heading', { name: 'This link has already been used' }).isVisible(), {
        timeout: WAIT_MS,
      })
      .toBe(true);
    expect(await again.getByLabel('New password', { exact: true }).count()).toBe(0);
    await look(again, 'reset-link-used');
    await expectNoAxeViolations(again, `used reset link at ${name}`);
  });

  it("an employer's forgotten password ends on the console's own page and lands in the console", async () => {
    const own = await createEmployer({ label: `reset-employer-${tag}`, jobs: [] });
    const page = await openPage({ viewport });
    await page.goto('/employer/forgot-password');
    await page.getByRole('heading', { name: 'Set or reset your password' }).waitFor();
    const since = await mailboxMark();
    await page.getByLabel('Email', { exact: true }).fill(own.email);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await page.goto(await latestLink(own.email, '/reset/', { since }));
    await expect
      .poll(() => new URL(page.url()).pathname.startsWith('/employer/reset/'), { timeout: WAIT_MS })
      .toBe(true);
    await page.getByLabel('New password', { exact: true }).fill('an-Employer-passw0rd');
    await page.getByLabel('Confirm password', { exact: true }).fill('an-Employer-passw0rd');
    await look(page, 'employer-reset-form');
    await page.getByRole('button', { name: 'Save password and open the console' }).click();
    await expectPath(page, '/employer');
  });
});
