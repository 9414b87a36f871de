/**
 * Forgotten password and password reset (product.md §2 screens, §5 rules, §8 messages) end to end: the portal,
 * the identity service and the reset link read from the real e-mail.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { stackApi } from '../support/api';
import { registerCandidateByApi } from '../support/apply-flows';
import { usePortalPages } from '../support/browser';
import { newCandidate, signUpByCode, type CandidateDetails } from '../support/flows';
import { latestLink, mailboxMark, mailFor } from '../support/mailbox';
import { WAIT_MS } from '../support/waits';

const RESET_SENT = 'A reset link has been sent to your email address';

const openPage = usePortalPages();
/** The form-rule tests' reset link: one account, made once, its link never used (no form is sent). */
let resetLink: Promise<string> | undefined;

async function freshPage() {
  const page = await openPage();
  return page;
}

const path = (page: Page) => new URL(page.url()).pathname;
const alertWith = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/** A candidate account (made through the APIs) and a reset link e-mailed to it. */
async function accountWithResetLink(label: string): Promise<{ candidate: CandidateDetails; link: string }> {
  const candidate = newCandidate(label);
  await registerCandidateByApi(candidate);
  const since = await mailboxMark();
  await stackApi().identity.forgotPassword({ email: candidate.email, portalType: 'Candidate' });
  return { candidate, link: await latestLink(candidate.email, '/account/reset/', { since }) };
}

async function requestResetLink(page: Page, email: string) {
  await page.goto('/account/request-password-reset');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send me a reset link' }).click();
}

describe('forgotten password → reset link → new password (product.md §2)', () => {
  it('the e-mailed link sets a new password and signs the candidate in at /', async () => {
    // A candidate who signed up by code (candidate accounts start without a password, design.md §3).
    const candidate = newCandidate('reset');
    await signUpByCode(await freshPage(), candidate);
    const page = await freshPage();
    const since = await mailboxMark();
    await requestResetLink(page, candidate.email);
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: RESET_SENT }).isVisible(), { timeout: WAIT_MS })
      .toBe(true);

    const link = await latestLink(candidate.email, '/account/reset/', { since });
    expect(new URL(link).origin).toBe(new URL(page.url()).origin);
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('a-New-passw0rd');
    await page.getByLabel('Confirm password', { exact: true }).fill('a-New-passw0rd');
    await page.getByRole('button', { name: 'Save Password & Sign in' }).click();

    await expect.poll(() => path(page), { timeout: WAIT_MS }).toBe('/');
    // Signed in for real: the dashboard greets the candidate by name and survives a reload.
    const firstName = candidate.name.split(' ')[0] as string;
    await expect
      .poll(() => page.getByRole('heading', { name: `Hello, ${firstName}!` }).isVisible(), { timeout: WAIT_MS })
      .toBe(true);
    await page.reload();
    await expect
      .poll(() => page.getByRole('link', { name: 'Job Applications', exact: true }).isVisible(), { timeout: WAIT_MS })
      .toBe(true);
    expect(path(page)).toBe('/');
  });

  it('the same link a second time says so before the form and signs nobody in', async () => {
    // A link used once already (through the API, as the portal's reset form sends it).
    const { candidate, link } = await accountWithResetLink('reset-reused');
    await stackApi().identity.resetPassword({
      email: candidate.email,
      token: decodeURIComponent(new URL(link).pathname.split('/').at(-1) ?? ''),
      password: 'a-New-passw0rd',
      confirmPassword: 'a-New-passw0rd',
    });
    const page = await freshPage();
    await page.goto(link);
    await expect
      .poll(() => page.getByRole('heading', { name: 'This link has already been used' }).isVisible(), {
        timeout: WAIT_MS,
      })
      .toBe(true);
    expect(await page.getByLabel('New password', { exact: true }).count()).toBe(0);
    expect(path(page)).toMatch(/^\/account\/reset\//);
    await page.goto('/applications');
    await expect.poll(() => path(page), { timeout: WAIT_MS }).toBe('/account/login');
  });

  it('a made-up token says the link is not valid, before the form', async () => {
    const candidate = newCandidate('reset-made-up');
    await registerCandidateByApi(candidate);
    const page = await freshPage();
    await page.goto(`/account/reset/${encodeURIComponent(candidate.email)}/not-a-real/token`);
    await expect
      .poll(() => page.getByRole('heading', { name: 'This link is not valid' }).isVisible(), { timeout: WAIT_MS })
      .toBe(true);
    await page.getByRole('link', { name: 'Send me a new link' }).click();
    await expect.poll(() => path(page), { timeout: WAIT_MS }).toBe('/account/request-password-reset');
  });
});

describe('password reset form rules (product.md §5)', () => {
  /** The reset page, counting the reset calls it makes (an invalid form must make none). */
  async function resetPage() {
    const page = await freshPage();
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/account/reset-password')) calls.push(request.method());
    });
    // A link that still works: the page shows its form only then (decision 0290). Never used here.
    resetLink ??= accountWithResetLink('reset-form').then((made) => made.link);
    await page.goto(await resetLink);
    await page.getByRole('button', { name: 'Save Password & Sign in' }).waitFor();
    return { page, calls };
  }

  it("different passwords give 'Passwords must match' under the confirmation, and no call", async () => {
    const { page, calls } = await resetPage();
    await page.getByLabel('New password', { exact: true }).fill('first-passw0rd');
    await page.getByLabel('Confirm password', { exact: true }).fill('other-passw0rd');
    await page.getByLabel('Confirm password', { exact: true }).blur();
    await expect
      .poll(() => page.getByText('Passwords must match', { exact: true }).isVisible(), { timeout: WAIT_MS })
      .toBe(true);
    await page.getByRole('button', { name: 'Save Password & Sign in' }).click();
    await expect.poll(() => alertWith(page, 'Please correct the errors').isVisible(), { timeout: WAIT_MS }).toBe(true);
    expect(calls).toEqual([]);
    // Matching again clears the error.
    await page.getByLabel('Confirm password', { exact: true }).fill('first-passw0rd');
    await page.getByLabel('Confirm password', { exact: true }).blur();
    await expect.poll(() => page.getByText('Passwords must match', { exact: true }).isVisible()).toBe(false);
  });

  it('a password shorter than 8 characters is refused, 8 is enough', async () => {
    const { page, calls } = await resetPage();
    const password = page.getByLabel('New password', { exact: true });
    await password.fill('seven77');
    await password.blur();
    await expect
      .poll(() => page.getByText(/must be at least 8 characters/).isVisible(), { timeout: WAIT_MS })
      .toBe(true);
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Confirm password', { exact: true }).fill('seven77');
    await page.getByRole('button', { name: 'Save Password & Sign in' }).click();
    await expect.poll(() => alertWith(page, 'Please correct the errors').isVisible(), { timeout: WAIT_MS }).toBe(true);
    expect(calls).toEqual([]);

    await password.fill('eight888');
    await password.blur();
    await expect.poll(() => page.getByText(/must be at least 8 characters/).isVisible()).toBe(false);
  });

  it("an empty form gives 'Please correct the errors' and no call", async () => {
    const { page, calls } = await resetPage();
    await page.getByRole('button', { name: 'Save Password & Sign in' }).click();
    await expect.poll(() => alertWith(page, 'Please correct the errors').isVisible(), { timeout: WAIT_MS }).toBe(true);
    expect(await page.getByLabel('New password', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
  });
});

describe('forgotten password page (product.md §2, §5)', () => {
  it("an empty e-mail asks for one: 'Please enter your email'", async () => {
    const page = await freshPage();
    await page.goto('/account/request-password-reset');
    await page.getByRole('button', { name: 'Send me a reset link' }).click();
    await expect
      .poll(() => page.getByText('Please enter your email', { exact: true }).isVisible(), { timeout: WAIT_MS })
      .toBe(true);
  });

  it('an address without an account gets the same success text, and no e-mail', async () => {
    const page = await freshPage();
    const stranger = newCandidate('no-account').email;
    const since = await mailboxMark();
    await requestResetLink(page, stranger);
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: RESET_SENT }).isVisible(), { timeout: WAIT_MS })
      .toBe(true);
    // The outbox is polled every 250 ms in the suite: give a wrongly queued e-mail time to show up.
    await page.waitForTimeout(1_000);
    expect(await mailFor(stranger, since)).toEqual([]);
  });

  it("'Back to sign in' goes to the login page", async () => {
    const page = await freshPage();
    await page.goto('/account/request-password-reset');
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await expect.poll(() => path(page), { timeout: WAIT_MS }).toBe('/account/login');
  });
});
