/**
 * E-mail confirmation from the registration e-mail (product.md §2 confirm e-mail, §8), and axe on the identity
 * screens that need a real account or e-mail to reach: the Verification steps of login and signup, the
 * confirm page, and the forgotten-password and reset pages with their messages showing. (The first steps
 * of login and signup and the bare forgot and reset pages are in accessibility.test.ts.)
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerCandidateByApi } from '../support/apply-flows';
import { expectNoAxeViolations } from '../support/axe';
import { DESKTOP, PHONE, usePortalPages } from '../support/browser';
import {
  fillSignUpForm,
  newCandidate,
  signUpUntilCodeStep,
  waitForStepOrAlert,
  type CandidateDetails,
} from '../support/flows';
import { latestLink, mailboxMark } from '../support/mailbox';
import { WAIT_MS } from '../support/waits';

const openPage = usePortalPages();

async function freshPage(viewport: { width: number; height: number } = DESKTOP) {
  const page = await openPage({ viewport });
  return page;
}

const path = (page: Page) => new URL(page.url()).pathname;

/** An account made through the APIs, as the portal's sign-up makes it, and its registration e-mail's confirmation link. */
async function accountWithConfirmLink(label: string): Promise<{ candidate: CandidateDetails; confirmLink: string }> {
  const candidate = newCandidate(label);
  const since = await mailboxMark();
  await registerCandidateByApi(candidate);
  // No code proves the address here, so the confirmation link goes out after its delay (decision 0123; 3 s in this stack).
  return { candidate, confirmLink: await latestLink(candidate.email, '/confirm/', { since }) };
}

/** Opens a confirmation link and waits for 'Email confirmed'. */
async function confirm(page: Page, confirmLink: string): Promise<void> {
  await page.goto(confirmLink);
  await expect
    .poll(() => page.getByRole('heading', { name: 'Email confirmed', exact: true }).isVisible(), { timeout: WAIT_MS })
    .toBe(true);
}

describe('confirm e-mail (product.md §2)', () => {
  it("the registration e-mail's link shows 'Email confirmed' with a link to sign in", async () => {
    // A sign-up left at the code step: the code would have proved the address, so only then does the
    // confirmation link go out, after its delay (decision 0123; 3 s in this stack).
    const candidate = newCandidate('confirm');
    const since = await mailboxMark();
    await signUpUntilCodeStep(await freshPage(), candidate);
    const confirmLink = await latestLink(candidate.email, '/confirm/', { since });

    // Opened where the candidate reads their mail: another browser, signed out.
    const page = await freshPage();
    await page.goto(confirmLink);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Email confirmed', exact: true }).isVisible(), { timeout: WAIT_MS })
      .toBe(true);
    expect(await page.getByRole('alert').filter({ hasText: /\S/ }).count()).toBe(0);
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => path(page), { timeout: WAIT_MS }).toBe('/account/login');
    await expect
      .poll(() => page.getByRole('button', { name: 'Get a verification code' }).isVisible(), { timeout: WAIT_MS })
      .toBe(true);
  });

  it('the same link again says the address is already confirmed, not that it failed', async () => {
    const { confirmLink } = await accountWithConfirmLink('confirm-twice');
    await confirm(await freshPage(), confirmLink);
    const page = await freshPage();
    await page.goto(confirmLink);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Email already confirmed', exact: true }).isVisible(), {
        timeout: WAIT_MS,
      })
      .toBe(true);
    expect(await page.getByText('your email address is confirmed').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Email not confirmed', exact: true }).count()).toBe(0);
    expect(await page.getByRole('alert').filter({ hasText: /\S/ }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Sign in', exact: true }).isVisible()).toBe(true);
    // The title follows the page's heading (decision 0576).
    expect(await page.title()).toBe('Email already confirmed · Careers Portal');
  });

  it('a made-up link is refused with the server error', async () => {
    const page = await freshPage();
    await page.goto('/confirm/3f1c7c2e-8d4b-4a5e-9b6f-2c1d0e9a7b44/made-up/token');
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'The confirmation link is not valid.' }).isVisible(), {
        timeout: WAIT_MS,
      })
      .toBe(true);
    expect(await page.getByRole('heading', { name: 'Email confirmed', exact: true }).count()).toBe(0);
  });
});

describe.each([
  { viewportName: '1280 px', viewport: DESKTOP },
  { viewportName: '360 px', viewport: PHONE },
])('axe on the identity screens at $viewportName', ({ viewport }) => {
  it('signup Verification step has no violations', async () => {
    const candidate = newCandidate('a11y-id');
    const page = await freshPage(viewport);
    await fillSignUpForm(page, candidate);
    await page.getByRole('button', { name: 'Get a verification code' }).click();
    await waitForStepOrAlert(page, page.getByPlaceholder('Paste verification code'), 'the Verification step');
    // With its validation message showing, too.
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect
      .poll(() => page.getByText('Please enter verification code').isVisible(), { timeout: WAIT_MS })
      .toBe(true);
    await expectNoAxeViolations(page, `signup Verification at ${viewport.width} px`);
  });

  it('login Verification step has no violations', async () => {
    const candidate = newCandidate('a11y-login');
    await registerCandidateByApi(candidate);
    const page = await freshPage(viewport);
    await page.goto('/account/login');
    await page.getByLabel('Email', { exact: true }).fill(candidate.email);
    await page.getByRole('button', { name: 'Get a verification code' }).click();
    await waitForStepOrAlert(page, page.getByPlaceholder('Paste verification code'), 'the Verification step');
    await expectNoAxeViolations(page, `login Verification at ${viewport.width} px`);
  });

  it('confirm page, confirmed and refused, has no violations', async () => {
    const { confirmLink } = await accountWithConfirmLink('a11y-confirm');
    const page = await freshPage(viewport);
    await confirm(page, confirmLink);
    await expectNoAxeViolations(page, `confirm page at ${viewport.width} px`);
    await page.goto('/confirm/3f1c7c2e-8d4b-4a5e-9b6f-2c1d0e9a7b44/made-up');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Email not confirmed', exact: true }).isVisible(), {
        timeout: WAIT_MS,
      })
      .toBe(true);
    await expectNoAxeViolations(page, `refused confirm page at ${viewport.width} px`);
  });

  it('forgotten password with its success message, and reset with its errors, have no violations', async () => {
    const candidate = newCandidate('a11y-reset');
    await registerCandidateByApi(candidate);
    const page = await freshPage(viewport);
    await page.goto('/account/request-password-reset');
    await page.getByLabel('Email', { exact: true }).fill(candidate.email);
    await page.getByRole('button', { name: 'Send me a reset link' }).click();
    await expect
      .poll(
        () =>
          page.getByRole('status').filter({ hasText: 'A reset link has been sent to your email address' }).isVisible(),
        { timeout: WAIT_MS },
      )
      .toBe(true);
    await expectNoAxeViolations(page, `forgotten password, sent, at ${viewport.width} px`);

    // The form shows for a link that still works (a made-up one is refused before it, decision 0290).
    await page.goto(await latestLink(candidate.email, '/account/reset/'));
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password', { exact: true }).fill('other');
    await page.getByRole('button', { name: 'Save Password & Sign in' }).click();
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'Please correct the errors' }).isVisible(), {
        timeout: WAIT_MS,
      })
      .toBe(true);
    await expectNoAxeViolations(page, `password reset with errors at ${viewport.width} px`);
  });
});
