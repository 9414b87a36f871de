/**
 * Issue 12 item 7: sign-up never half-succeeds. A CV the server refuses leaves the account made and signed
 * in; the retry with a good CV continues where it stopped (no 'Invalid email address'). A signed-in user
 * whose candidate record is missing is led to complete it, instead of bouncing back to login.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSidewaysScroll } from '../support/apply-flows';
import { expectNoAxeViolations } from '../support/axe';
import { DESKTOP, PHONE, usePortalPages } from '../support/browser';
import { pdfCv } from '../support/files';
import { enterEmailedCode, fillSignUpForm, newCandidate, signInByCode } from '../support/flows';
import { mailboxMark } from '../support/mailbox';
import { WAIT_MS } from '../support/waits';

const openPage = usePortalPages();
const fileInput = (page: Page) => page.locator('input[type="file"]');
const dangerAlert = (page: Page) => page.getByRole('alert').filter({ hasText: /\S/ }).first();

describe.each([
  ['360 px', PHONE],
  ['1280 px', DESKTOP],
])('sign-up resumes after a failure (%s)', (label, viewport) => {
  it('a CV the server refuses, then a good one: the retry continues, and the code signs in', async () => {
    const candidate = newCandidate('resume-cv');
    const page = await openPage({ viewport });
    await fillSignUpForm(page, candidate);
    // A .pdf name the form accepts, but bytes that are no CV: the candidate service refuses it (415).
    await fileInput(page).setInputFiles({
      name: 'scan.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe, 0x00, 0x10, 0x20]),
    });
    const refused = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/cvs' && r.request().method() === 'POST',
      { timeout: WAIT_MS },
    );
    await page.getByRole('button', { name: 'Get a verification code' }).click();
    expect((await refused).status()).toBe(415);
    await expect
      .poll(async () => ((await dangerAlert(page).isVisible()) ? dangerAlert(page).innerText() : ''), {
        timeout: WAIT_MS,
      })
      .toMatch(/Your account is created, but your CV was not accepted/);
    expect(await dangerAlert(page).innerText()).not.toContain('Invalid email address');
    expect(await dangerAlert(page).innerText()).not.toContain('Error in creating account.');
    await expectNoSidewaysScroll(page, `/account/signup with the CV alert at ${label}`);
    await expectNoAxeViolations(page, `/account/signup with the CV alert at ${label}`);

    // Every field the candidate typed is still there; only the file is changed.
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(candidate.email);
    const registrations: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/register/candidate-user') registrations.push(request.url());
    });
    await page.getByRole('button', { name: /Remove/ }).click();
    const cv = pdfCv('Good CV.pdf', candidate.name);
    await fileInput(page).setInputFiles(cv);
    const since = await mailboxMark();
    await page.getByRole('button', { name: 'Get a verification code' }).click();
    await enterEmailedCode(page, candidate.email, since);
    expect(registrations).toEqual([]);

    await page.goto('/cvs');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Good CV.pdf', exact: true }).isVisible(), { timeout: WAIT_MS })
      .toBe(true);
  });

  it('a signed-in user without a candidate record is led to complete it, then reaches the portal', async () => {
    const candidate = newCandidate('resume-record');
    const first = await openPage({ viewport });
    // The candidate record cannot be made this time: the account exists, the record does not.
    await first.route('**/candidate', (route) =>
      route.request().method() === 'POST' ? route.abort() : route.continue(),
    );
    await fillSignUpForm(first, candidate);
    await first.getByRole('button', { name: 'Get a verification code' }).click();
    await expect
      .poll(async () => ((await dangerAlert(first).isVisible()) ? dangerAlert(first).innerText() : ''), {
        timeout: WAIT_MS,
      })
      .toContain('Error in creating account.');
    await first.close();

    // Later, elsewhere: signing in leads to the sign-up page, to complete it, not back to login.
    const page = await openPage({ viewport });
    await signInByCode(page, candidate.email, { expectPath: '/account/signup?complete=1' });
    await expect
      .poll(() => page.getByText('Your account is created, but its details are not complete.').isVisible(), {
        timeout: WAIT_MS,
      })
      .toBe(true);
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(candidate.email);
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe(candidate.name);
    await expectNoSidewaysScroll(page, `/account/signup?complete=1 at ${label}`);
    await expectNoAxeViolations(page, `/account/signup?complete=1 at ${label}`);

    await page.getByLabel('Post code', { exact: true }).fill(candidate.postCode);
    await page.getByRole('button', { name: 'Get a verification code' }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: WAIT_MS }).toBe('/applications');
    await page.goto('/profile');
    await expect
      .poll(
        () =>
          page
            .getByLabel('Post code', { exact: true })
            .inputValue()
            .catch(() => ''),
        { timeout: WAIT_MS },
      )
      .toBe(candidate.postCode);
  });
});
