/**
 * What the apply-for-job tests do again and again (product.md §2 'Apply-for-job page', §4 'Apply-for-job
 * flow'): reach a step, fill the form, enter the e-mailed code; and a candidate made through the APIs
 * when a test needs one that already exists.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { CANDIDATE_BUILT_IN_PASSWORD } from '@careers/contracts/identity';
import type { CvFile } from './apply-files';
import { axeViolations, formatViolations } from './axe';
import { waitForStepOrAlert, type CandidateDetails } from './flows';
import { expectOk } from '@careers/test-support/http';
import { stackApi } from './api';
import { latestCode } from './mailbox';
import { expectPath, WAIT_MS } from './waits';

export type ApplyStepName = 'form' | 'login' | 'verification' | 'cvSelection' | 'success';

/** Each step's heading: the page moves focus to it when the step changes. */
export const STEP_HEADINGS: Record<ApplyStepName, string> = {
  form: 'Your details',
  login: 'Sign in',
  verification: 'Verification',
  cvSelection: 'Choose a CV',
  success: 'Thank you!',
};

export function stepHeading(page: Page, step: ApplyStepName) {
  return page.getByRole('heading', { level: 2, name: STEP_HEADINGS[step], exact: true });
}

/** Waits for the step; if a danger alert shows first, fails with its text. */
export async function waitForApplyStep(page: Page, step: ApplyStepName, timeout = WAIT_MS): Promise<void> {
  await waitForStepOrAlert(page, stepHeading(page, step), `the apply page's ${step} step`, timeout);
}

/** Opens /apply/{jobId} (query optional) and waits for the job's header. */
export async function openApplyPage(page: Page, jobId: string, query = ''): Promise<void> {
  await page.goto(`/apply/${jobId}${query}`);
  await page
    .getByRole('heading', { level: 1 })
    .filter({ hasText: /^Apply now/ })
    .waitFor({ timeout: WAIT_MS });
}

/** The form step's fields by their labels (product.md §2: name, email, phone, postCode, CV). */
export function formFields(page: Page) {
  return {
    name: page.getByLabel('Name', { exact: true }),
    email: page.getByLabel('Email', { exact: true }),
    phone: page.getByLabel('Phone', { exact: true }),
    postCode: page.getByLabel('Post code', { exact: true }),
    cv: page.locator('input[type="file"]'),
  };
}

export async function fillApplyForm(page: Page, candidate: CandidateDetails, cv: CvFile | null): Promise<void> {
  const fields = formFields(page);
  await fields.name.fill(candidate.name);
  await fields.email.fill(candidate.email);
  await fields.phone.fill(candidate.phone);
  await fields.postCode.fill(candidate.postCode);
  if (cv) await fields.cv.setInputFiles(cv);
}

/** Verification step: reads the code e-mailed after `since`, enters it and presses 'Verify'. */
export async function enterApplyCode(page: Page, email: string, since: number): Promise<void> {
  await waitForApplyStep(page, 'verification');
  const code = await latestCode(email, { since });
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
}

/** The visible danger alert's text (null when none). */
export async function dangerAlert(page: Page): Promise<string | null> {
  const alert = page.locator('.alert-danger[role="alert"]').first();
  if (!(await alert.isVisible())) return null;
  // The message without the banner's close button.
  return (await alert.locator('.alert__message').innerText()).trim();
}

/** The session the portal keeps in local storage (product.md §9: one key). */
export async function storedSession(page: Page): Promise<{ accessToken: string; refreshToken: string }> {
  const session = await page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      try {
        const parsed = JSON.parse(localStorage.getItem(localStorage.key(i) ?? '') ?? '') as {
          accessToken?: unknown;
          refreshToken?: unknown;
        };
        if (typeof parsed.accessToken === 'string' && parsed.accessToken && typeof parsed.refreshToken === 'string') {
          return { accessToken: parsed.accessToken, refreshToken: parsed.refreshToken };
        }
      } catch {
        // not the auth entry
      }
    }
    return null;
  });
  if (!session) throw new Error('No stored session in the portal');
  return session;
}

/** The access token the portal keeps in local storage. */
export async function storedAccessToken(page: Page): Promise<string> {
  return (await storedSession(page)).accessToken;
}

export interface CandidateApplication {
  id: string;
  job: { jobId: string; title: string };
  appliedWithCvId: string | null;
  appliedWithCvFileName?: string | null;
}

/** GET /job-applications with the candidate's own token. */
export async function candidateApplications(token: string): Promise<CandidateApplication[]> {
  const api = stackApi();
  return expectOk(
    'the candidate’s applications',
    await api.call<{ applications: CandidateApplication[] }>(
      `${api.urls.candidateUrl}/job-applications?page=1&pageSize=50`,
      { token },
    ),
  ).applications;
}

export interface ApiCandidate {
  token: string;
  cvs: { cvId: string; fileName: string }[];
}

/**
 * A candidate who already has an account, made the way the portal's signup does it (bot check,
 * POST /api/register/candidate-user, POST /candidate, POST /cvs), without using the browser or a code.
 */
export async function registerCandidateByApi(candidate: CandidateDetails, cvs: CvFile[] = []): Promise<ApiCandidate> {
  const api = stackApi();
  const registered = await api.identity.registerCandidateUser({
    name: candidate.name,
    email: candidate.email,
    phone: candidate.phone,
    password: CANDIDATE_BUILT_IN_PASSWORD,
  });
  if (!registered.succeeded || !registered.accessToken)
    throw new Error(`registration of ${candidate.email} failed: ${JSON.stringify(registered)}`);
  const token = registered.accessToken;
  await api.candidate.create(token, {
    name: candidate.name,
    email: candidate.email,
    phoneNumber: candidate.phone,
    postcode: candidate.postCode,
  });
  const uploaded: ApiCandidate['cvs'] = [];
  for (const cv of cvs) {
    uploaded.push(await api.candidate.uploadCv(token, cv));
    // Distinct createdOn values, so 'newest first' is well defined.
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { token, cvs: uploaded };
}

export { expectPath };

/** Nothing sticks out sideways: the page is no wider than the viewport (360 px phones scroll only down). */
export async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  const { scrollWidth, viewport } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(scrollWidth, `page width on ${label}`).toBeLessThanOrEqual(viewport);
}

/**
 * expectNoAxeViolations for a page showing a CV preview: the frame holding the candidate's own file is left
 * out. It is sandboxed without scripts, and axe's injection into such a frame can hang the whole run; its
 * content is the candidate's document, not the portal's.
 */
export async function expectNoAxeViolationsBesidePreview(page: Page, label: string): Promise<void> {
  expect(formatViolations(await axeViolations(page, ['.cv-preview__frame'])), `axe violations on ${label}`).toBe('');
}
