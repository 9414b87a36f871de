/**
 * Sign in by e-mailed one-time code (product.md §2 login and signup screens, §4 login flow) end to end:
 * portal UI, identity service, SMTP, candidate service.
 */

import { describe, expect, it } from 'vitest';
import { registerCandidateByApi } from '../support/apply-flows';
import { usePortalPages } from '../support/browser';
import {
  logout,
  LOGOUT_QUESTION,
  newCandidate,
  signedInStateByApi,
  signInByCode,
  signUpByCode,
  waitForStepOrAlert,
  type CandidateDetails,
} from '../support/flows';
import { latestCode, mailboxMark, mailFor } from '../support/mailbox';
import { WAIT_MS } from '../support/waits';

const openPage = usePortalPages();

/** A candidate with an account (made through the APIs, as the portal's sign-up makes it): each test has its own. */
async function existingCandidate(label: string): Promise<CandidateDetails> {
  const candidate = newCandidate(label);
  await registerCandidateByApi(candidate);
  return candidate;
}

async function freshPage() {
  const page = await openPage();
  return page;
}

/**
 * A page signed in as the candidate through the identity API (signedInStateByApi: the state the portal's code
 * sign-in leaves), on /applications where that sign-in lands: for the logout tests, whose subject is signing
 * out (signing in through the form is the tests above).
 */
async function signedInPage(candidate: CandidateDetails) {
  const page = await openPage({ storageState: await signedInStateByApi(candidate.email) });
  await page.goto('/applications');
  await expect
    .poll(() => page.getByRole('link', { name: 'Job Applications' }).isVisible(), { timeout: WAIT_MS })
    .toBe(true);
  return page;
}

describe('sign in by code', () => {
  it('a new candidate signs up with the e-mailed code and lands on the applications', async () => {
    const candidate = newCandidate('signup');
    const page = await freshPage();
    await signUpByCode(page, candidate);
    // The dashboard layout with its side menu (product.md §2), not the login page.
    await expect
      .poll(() => page.getByRole('link', { name: 'Job Applications' }).isVisible(), { timeout: WAIT_MS })
      .toBe(true);
  });

  it('the candidate signs in again from another browser with a new code', async () => {
    const candidate = await existingCandidate('signin');
    const page = await freshPage();
    await signInByCode(page, candidate.email);
    await expect
      .poll(() => page.getByRole('link', { name: 'Job Applications' }).isVisible(), { timeout: WAIT_MS })
      .toBe(true);
  });

  it('after sign-in the candidate goes back to the guarded page they asked for, query included', async () => {
    const candidate = await existingCandidate('return');
    const page = await freshPage();
    await page.goto('/cvs?x=1&y=2');
    await expect.poll(() => new URL(page.url()).pathname, { timeout: WAIT_MS }).toBe('/account/login');
    await signInByCode(page, candidate.email, { returnUrl: new URL(page.url()).searchParams.get('returnUrl') ?? '' });
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/cvs?x=1&y=2');
  });
});

describe('logout (product.md §2 dashboard, §4 session)', () => {
  it('asks first, then ends the session: guarded pages send to login again', async () => {
    const page = await signedInPage(await existingCandidate('logout'));
    await logout(page);
    await page.goto('/applications');
    await expect.poll(() => new URL(page.url()).pathname, { timeout: WAIT_MS }).toBe('/account/login');
    expect(new URL(page.url()).searchParams.get('returnUrl')).toBe('/applications');
  });

  it('Cancel keeps the candidate signed in', async () => {
    const page = await signedInPage(await existingCandidate('stay'));
    await page.getByRole('button', { name: 'Logout', exact: true }).click();
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog')).filter({ hasText: LOGOUT_QUESTION });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await page.reload();
    await expect
      .poll(() => page.getByRole('link', { name: 'Job Applications' }).isVisible(), { timeout: WAIT_MS })
      .toBe(true);
    expect(new URL(page.url()).pathname).toBe('/applications');
  });
});

describe('sign in by code: what goes wrong (product.md §5, §8)', () => {
  it('an empty e-mail asks for a valid one', async () => {
    const page = await freshPage();
    await page.goto('/account/login');
    await page.getByRole('button', { name: 'Get a verification code' }).click();
    await expect.poll(() => page.getByText('Please enter a valid email').isVisible(), { timeout: WAIT_MS }).toBe(true);
  });

  it('an e-mail without an account is refused and gets no e-mail', async () => {
    const page = await freshPage();
    const stranger = newCandidate('stranger').email;
    const since = await mailboxMark();
    await page.goto('/account/login');
    await page.getByLabel('Email', { exact: true }).fill(stranger);
    await page.getByRole('button', { name: 'Get a verification code' }).click();
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'Invalid email address' }).isVisible(), {
        timeout: WAIT_MS,
      })
      .toBe(true);
    expect(await mailFor(stranger, since)).toEqual([]);
  });

  it('a wrong code is refused with "Invalid verification code." and the right one still works', async () => {
    const candidate = await existingCandidate('wrong-code');
    const page = await freshPage();
    await page.goto('/account/login');
    await page.getByLabel('Email', { exact: true }).fill(candidate.email);
    const since = await mailboxMark();
    await page.getByRole('button', { name: 'Get a verification code' }).click();
    const codeInput = page.getByPlaceholder('Paste verification code');
    await waitForStepOrAlert(page, codeInput, 'the Verification step');
    const code = await latestCode(candidate.email, { since });
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await codeInput.fill(wrong);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'Invalid verification code.' }).isVisible(), {
        timeout: WAIT_MS,
      })
      .toBe(true);
    expect(new URL(page.url()).pathname).toBe('/account/login');
    // One wrong try is below the wrong-try limit (design.md §3): the mailed code still signs in.
    await codeInput.fill(code);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: WAIT_MS }).toBe('/applications');
  });
});
