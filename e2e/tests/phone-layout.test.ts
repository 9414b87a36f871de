/**
 * A candidate on a 360 px phone (issue 12 items 2 and 3): the side menu starts closed below 1024 px
 * after sign-in and after a reload, and is shown by default on a desktop; the cards that show an e-mail
 * address (code steps of sign-in and sign-up, the reset link's confirmation) never push the page
 * sideways, however long the address is. Screenshots go to e2e/.screenshots for a person to look at.
 */
import { mkdir } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSidewaysScroll } from '../support/apply-flows';
import { expectNoAxeViolations } from '../support/axe';
import { DESKTOP, PHONE, usePortalPages } from '../support/browser';
import { fillSignUpForm, signUpByCode, waitForStepOrAlert, type CandidateDetails } from '../support/flows';
import { WAIT_MS } from '../support/waits';

const openPage = usePortalPages();
const SCREENSHOTS = new URL('../.screenshots/', import.meta.url);

/** An address as long as people really have: a long local part at a long domain, no spaces to wrap at. */
function longAddressCandidate(): CandidateDetails {
  const id = randomUUID().slice(0, 8);
  return {
    name: `Maximiliana Alexandrina Wolfeschlegelsteinhausen ${id}`,
    email: `maximiliana.alexandrina.wolfeschlegelsteinhausen.${id}@recruitment-department.example.com`,
    phone: '07700 900123',
    postCode: 'SW1A 1AA',
  };
}

async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: new URL(`${name}.png`, SCREENSHOTS).pathname, fullPage: true });
}

const menuButton = (page: Page) => page.getByRole('button', { name: /navigation/i });

/** Where the employers' note of the sign-in page sits against the form's card, and how large its text is. */
async function employersNote(page: Page) {
  await page.goto('/account/login');
  const note = page.getByRole('complementary', { name: 'For employers' });
  await note.waitFor({ timeout: WAIT_MS });
  const card = page.locator('.auth-layout__card');
  const [noteBox, cardBox] = [await note.boundingBox(), await card.boundingBox()];
  if (!noteBox || !cardBox) throw new Error('the note or the form card has no box');
  const fontSize = (selector: string) =>
    page.evaluate((s) => parseFloat(getComputedStyle(document.querySelector(s)!).fontSize), selector);
  return {
    noteBox,
    cardBox,
    noteText: await fontSize('.auth-layout__marketing li'),
    formText: await fontSize('.auth-layout__card p'),
  };
}

describe('on a 360 px phone', () => {
  it('the side menu starts closed after sign-up, and after a reload', async () => {
    const page = await openPage({ viewport: PHONE });
    await signUpByCode(page, longAddressCandidate());
    await expect.poll(() => menuButton(page).getAttribute('aria-expanded'), { timeout: WAIT_MS }).toBe('false');
    await expectNoSidewaysScroll(page, '/applications at 360 px');
    await page.reload();
    await expect.poll(() => menuButton(page).getAttribute('aria-expanded'), { timeout: WAIT_MS }).toBe('false');
    await screenshot(page, 'applications-360');
  });

  it('the sign-up and sign-in code steps fit a long address without sideways scroll', async () => {
    const candidate = longAddressCandidate();
    const page = await openPage({ viewport: PHONE });
    await fillSignUpForm(page, candidate);
    await expectNoSidewaysScroll(page, 'sign-up form at 360 px');
    await page.getByRole('button', { name: 'Get a verification code' }).click();
    await waitForStepOrAlert(page, page.getByPlaceholder('Paste verification code'), 'the sign-up Verification step');
    await expectNoSidewaysScroll(page, 'sign-up Verification step at 360 px');
    await screenshot(page, 'signup-code-step-360');

    const again = await openPage({ viewport: PHONE });
    await again.goto('/account/login');
    await again.getByLabel('Email', { exact: true }).fill(candidate.email);
    await expectNoSidewaysScroll(again, 'login at 360 px');
    await again.getByRole('button', { name: 'Get a verification code' }).click();
    await waitForStepOrAlert(again, again.getByPlaceholder('Paste verification code'), 'the login Verification step');
    await expectNoSidewaysScroll(again, 'login Verification step at 360 px');
    await expectNoAxeViolations(again, 'login Verification step at 360 px');
    await screenshot(again, 'login-code-step-360');
  });

  it('the reset link confirmation fits a long address', async () => {
    const page = await openPage({ viewport: PHONE });
    await page.goto('/account/request-password-reset');
    await page.getByLabel(/email/i).fill(longAddressCandidate().email);
    await page.getByRole('button', { name: 'Send me a reset link' }).click();
    await expect
      .poll(() => page.getByText('A reset link has been sent to your email address').isVisible(), { timeout: WAIT_MS })
      .toBe(true);
    await expectNoSidewaysScroll(page, 'reset link sent at 360 px');
    await screenshot(page, 'reset-sent-360');
  });
  it("the employers' note on the sign-in page sits below the form, in smaller text (issue 12 item 13)", async () => {
    const page = await openPage({ viewport: PHONE });
    const { noteBox, cardBox, noteText, formText } = await employersNote(page);
    expect(noteBox.y).toBeGreaterThanOrEqual(cardBox.y + cardBox.height);
    expect(noteText).toBeLessThan(formText);
    await expectNoSidewaysScroll(page, 'login at 360 px');
  });
});

describe('on a 1280 px desktop', () => {
  it('the side menu is shown by default after sign-up', async () => {
    const page = await openPage({ viewport: DESKTOP });
    await signUpByCode(page, longAddressCandidate());
    await expect.poll(() => menuButton(page).getAttribute('aria-expanded'), { timeout: WAIT_MS }).toBe('true');
    await expectNoSidewaysScroll(page, '/applications at 1280 px');
    await screenshot(page, 'applications-1280');
  });

  it("the employers' note on the sign-in page is the panel beside the form", async () => {
    const page = await openPage({ viewport: DESKTOP });
    const { noteBox, cardBox } = await employersNote(page);
    expect(noteBox.x).toBeGreaterThanOrEqual(cardBox.x + cardBox.width);
    expect(noteBox.y).toBeLessThan(cardBox.y + cardBox.height);
  });
});
