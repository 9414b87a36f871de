/**
 * What a candidate does again and again, through the real UI and the real mailbox (no faked login):
 * signing up and signing in with the e-mailed one-time code (product.md §2 login and signup screens).
 */
import { randomUUID } from 'node:crypto';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { codeSignInViaApi } from './employer';
import { latestCode, mailboxMark } from './mailbox';
import { expectPath, WAIT_MS } from './waits';

export interface CandidateDetails {
  name: string;
  email: string;
  phone: string;
  postCode: string;
}

/** A candidate nobody has used yet: unique e-mail, so tests never share accounts or rate limits. */
export function newCandidate(label = 'candidate'): CandidateDetails {
  const id = randomUUID().slice(0, 8);
  return {
    name: `Test ${label} ${id}`,
    email: `${label}-${id}@example.com`,
    phone: '07700 900123',
    postCode: 'SW1A 1AA',
  };
}

export interface CodeStepOptions {
  /** Tick 'Remember me' before signing in. */
  rememberMe?: boolean;
  /** Where the portal should land after the code (default: product.md §2's /applications). */
  expectPath?: string;
}

/**
 * Sign in by code from the login page: e-mail, 'Get a verification code', the code from the mailbox,
 * 'Sign In'. With `returnUrl` it starts from /account/login?returnUrl=… and expects to land there.
 */
export async function signInByCode(
  page: Page,
  email: string,
  options: CodeStepOptions & { returnUrl?: string } = {},
): Promise<void> {
  const loginPath = options.returnUrl
    ? `/account/login?returnUrl=${encodeURIComponent(options.returnUrl)}`
    : '/account/login';
  await page.goto(loginPath);
  await page.getByLabel('Email', { exact: true }).fill(email);
  const since = await mailboxMark();
  await page.getByRole('button', { name: 'Get a verification code' }).click();
  await enterEmailedCode(page, email, since, { ...options, expectPath: options.expectPath ?? options.returnUrl });
}

/**
 * The employer console's sign-in with an e-mailed code instead of the password (the address typed, 'Email
 * me a sign-in code instead', the code from the mailbox), landing on /employer.
 */
export async function signInEmployerByCode(page: Page, email: string): Promise<void> {
  await page.goto('/employer/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in code instead' }).click();
  const since = await mailboxMark();
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await page.getByLabel('Verification code', { exact: true }).fill(await latestCode(email, { since }));
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expectPath(page, '/employer');
}

/** Fills the /account/signup form (without a CV); the caller submits it. */
export async function fillSignUpForm(page: Page, candidate: CandidateDetails): Promise<void> {
  await page.goto('/account/signup');
  await page.getByLabel('Name', { exact: true }).fill(candidate.name);
  await page.getByLabel('Email', { exact: true }).fill(candidate.email);
  await page.getByLabel('Phone', { exact: true }).fill(candidate.phone);
  await page.getByLabel('Post code', { exact: true }).fill(candidate.postCode);
}

/** Sign up from /account/signup (without a CV) and stop at the Verification step, the code not entered. */
export async function signUpUntilCodeStep(page: Page, candidate: CandidateDetails): Promise<void> {
  await fillSignUpForm(page, candidate);
  await page.getByRole('button', { name: 'Get a verification code' }).click();
  await waitForStepOrAlert(page, page.getByPlaceholder('Paste verification code'), 'the sign-up Verification step');
}

/** Sign up from /account/signup (without a CV), then verify the e-mailed code. */
export async function signUpByCode(
  page: Page,
  candidate: CandidateDetails,
  options: CodeStepOptions = {},
): Promise<void> {
  await fillSignUpForm(page, candidate);
  const since = await mailboxMark();
  await page.getByRole('button', { name: 'Get a verification code' }).click();
  await enterEmailedCode(page, candidate.email, since, options);
}

/**
 * The Verification step shared by login, signup and apply: waits for it (failing with the page's alert
 * if one shows instead), reads the code that arrived after `since`, signs in and checks where it lands.
 */
export async function enterEmailedCode(
  page: Page,
  email: string,
  since: number,
  options: CodeStepOptions = {},
): Promise<void> {
  await waitForStepOrAlert(page, page.getByPlaceholder('Paste verification code'), 'the Verification step');
  const code = await latestCode(email, { since });
  await page.getByPlaceholder('Paste verification code').fill(code);
  if (options.rememberMe) {
    // The switch is drawn by its label over the native checkbox, so click it as a person would.
    await page.locator('label', { hasText: 'Remember me' }).click();
    expect(await page.getByLabel('Remember me').isChecked()).toBe(true);
  }
  await page.getByRole('button', { name: 'Sign In' }).click();
  const landing = options.expectPath ?? '/applications';
  await expect
    .poll(
      async () => {
        const alert = await visibleAlert(page);
        return alert ? `alert: ${alert}` : new URL(page.url()).pathname + new URL(page.url()).search;
      },
      { timeout: WAIT_MS },
    )
    .toBe(landing);
}

/** Waits until `target` is visible; if a danger alert shows first, fails with its text. */
export async function waitForStepOrAlert(page: Page, target: Locator, what: string, timeout = WAIT_MS): Promise<void> {
  const alert = page.getByRole('alert').filter({ hasText: /\S/ });
  await target.or(alert).first().waitFor({ state: 'visible', timeout });
  if (!(await target.isVisible()))
    throw new Error(`Expected ${what}, but the page says: ${await alert.first().innerText()}`);
}

async function visibleAlert(page: Page): Promise<string | null> {
  const alert = page.getByRole('alert').filter({ hasText: /\S/ }).first();
  return (await alert.isVisible()) ? alert.innerText() : null;
}

/** product.md §2 dashboard: 'Logout', confirm the question, and land on the login page. */
export async function logout(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Logout', exact: true }).click();
  // A confirmation is an alertdialog; either role is fine.
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog')).filter({ hasText: LOGOUT_QUESTION });
  await dialog.waitFor({ state: 'visible', timeout: WAIT_MS });
  await dialog.getByRole('button', { name: /log ?out/i }).click();
  await expectPath(page, '/account/login');
}

export const LOGOUT_QUESTION = 'Are you sure you want to logout? Logging out will end your current session.';

/** A browser's saved cookies and local storage (Playwright's storageState). */
export type SignedInState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

/**
 * The browser state a code sign-in leaves, got through the identity API as the portal's sign-in gets it (a
 * code by e-mail, verify-code): the answer in local storage under product.md §9's one key and, as a
 * candidate's sign-in without 'Remember me' leaves it, the browser session's cookie (the employer console
 * remembers its sign-in: `remember: true`). For tests about what a signed-in user does, not about signing
 * in: it spares the login page and its form. Open a page with { storageState }.
 */
export async function signedInStateByApi(email: string, { remember = false } = {}): Promise<SignedInState> {
  const auth = await codeSignInViaApi(email);
  const portal = new URL(inject('stack').portalUrl);
  return {
    cookies: remember
      ? []
      : [
          {
            name: 'careers-portal-session',
            value: '1',
            domain: portal.hostname,
            path: '/',
            expires: -1,
            httpOnly: false,
            secure: false,
            sameSite: 'Strict',
          },
        ],
    origins: [
      {
        origin: portal.origin,
        localStorage: [{ name: 'careers-portal.auth', value: JSON.stringify({ ...auth, rememberMe: remember }) }],
      },
    ],
  };
}

/**
 * The console's jobs page, for an employer whose page starts signed in (signedInStateByApi with remember):
 * where the console's sign-in lands (signing in through its form is signInEmployerByCode's).
 */
export async function openEmployerConsole(page: Page): Promise<void> {
  await page.goto('/employer');
  await expectPath(page, '/employer');
}
