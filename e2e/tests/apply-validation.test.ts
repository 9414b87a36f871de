/**
 * The apply page's validation messages word for word (product.md §5, §8) on a 360 px phone, when they show
 * (on blur and change, not while typing; before any call), and the whole new-candidate flow by keyboard
 * alone.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { pdfCv, txtCv } from '../support/apply-files';
import {
  dangerAlert,
  enterApplyCode,
  expectPath,
  fillApplyForm,
  formFields,
  openApplyPage,
  registerCandidateByApi,
  stepHeading,
  waitForApplyStep,
} from '../support/apply-flows';
import { expectNoAxeViolations } from '../support/axe';
import { PHONE, usePortalPages } from '../support/browser';
import { newCandidate } from '../support/flows';
import { createEmployer, employerApplications, type Employer, type EmployerJob } from '../support/jobs';
import { latestCode, mailboxMark, mailFor } from '../support/mailbox';
import { WAIT_MS } from '../support/waits';

let employer: Employer;
let job: EmployerJob;
const openPage = usePortalPages();

beforeAll(async () => {
  employer = await createEmployer({ label: 'applyvalid', withLogo: true, jobs: [{ title: 'Lock Keeper' }] });
  [job] = employer.jobs as [EmployerJob];
});

/** A phone page that records every call to the identity and candidate services. */
async function phonePage(): Promise<{ page: Page; calls: string[] }> {
  const page = await openPage({ viewport: PHONE });
  const calls: string[] = [];
  const portal = new URL(inject('stack').portalUrl).origin;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== portal && ['fetch', 'xhr'].includes(request.resourceType()))
      calls.push(`${request.method()} ${url.pathname}`);
  });
  return { page, calls };
}

const NAME = 'Please enter your name';
const EMAIL = 'Please enter your email';
const PHONE_MSG = 'Please enter your phone number';
const POST_CODE = 'Please enter your post code';
const CV = 'Please select your CV';
const WRONG_TYPE = 'Must be in the following format: pdf, doc, docx, txt';

/** The first validation error shown under a field (product.md §2 text input), '' when none. */
async function fieldError(field: Locator): Promise<string> {
  return field.evaluate((input) => {
    const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
    return ids
      .map((id) => document.getElementById(id))
      .filter((el): el is HTMLElement => el !== null && el.classList.contains('text-input__error'))
      .map((el) => el.textContent?.trim() ?? '')
      .join('');
  });
}

async function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => el === document.activeElement).catch(() => false);
}

/** Presses `key` until `target` has the focus; fails after `max` presses. */
async function pressUntilFocused(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab', max: number): Promise<number> {
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press(key);
    if (await isFocused(target)) return presses;
  }
  const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200) ?? 'nothing');
  throw new Error(`${key} ×${max} did not reach ${target.toString()}; focus is on ${focused}`);
}

describe('form step validation (product.md §5)', () => {
  it('an empty submit names every required field and asks for a CV, without calling any service', async () => {
    const { page, calls } = await phonePage();
    await openApplyPage(page, job.id);
    await waitForApplyStep(page, 'form');
    calls.length = 0;
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    const fields = formFields(page);
    await expect.poll(() => fieldError(fields.name)).toBe(NAME);
    expect(await fieldError(fields.email)).toBe(EMAIL);
    expect(await fieldError(fields.phone)).toBe(PHONE_MSG);
    expect(await fieldError(fields.postCode)).toBe(POST_CODE);
    expect(await dangerAlert(page)).toBe(CV);
    for (const field of Object.values(fields).slice(0, 4))
      expect(await field.getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page, 'apply form showing its errors at 360 px');

    // Valid details but still no CV: still no call.
    await fillApplyForm(page, newCandidate('apply-nocv'), null);
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect.poll(() => dangerAlert(page)).toBe(CV);
    expect(await fieldError(fields.name)).toBe('');
    await page.waitForTimeout(300);
    expect(calls).toEqual([]);
  });

  it('checks a field when it is left, not while typing, and clears its message as soon as it is fixed', async () => {
    const { page } = await phonePage();
    await openApplyPage(page, job.id);
    await waitForApplyStep(page, 'form');
    const { name, email, phone, postCode } = formFields(page);

    await name.focus();
    await page.keyboard.type('Ad');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    // Empty now, but still being typed in: no message yet.
    await page.waitForTimeout(200);
    expect(await fieldError(name)).toBe('');
    await page.keyboard.press('Tab');
    await expect.poll(() => fieldError(name)).toBe(NAME);
    expect(await isFocused(email)).toBe(true);
    // Email is focused and empty: no message until it is left.
    await page.waitForTimeout(200);
    expect(await fieldError(email)).toBe('');
    await page.keyboard.press('Tab');
    await expect.poll(() => fieldError(email)).toBe(EMAIL);
    expect(await isFocused(phone)).toBe(true);
    expect(await fieldError(phone)).toBe('');
    // Once checked, typing clears the message as soon as the value is right…
    await name.focus();
    await page.keyboard.type('Ada');
    await expect.poll(() => fieldError(name)).toBe('');
    // …but never shows or changes one while the value is still wrong: leaving the field does.
    await email.focus();
    await page.keyboard.type('ada');
    await page.waitForTimeout(200);
    expect(await fieldError(email)).toBe(EMAIL);
    await page.keyboard.press('Tab');
    await expect.poll(() => fieldError(email)).toBe('Email is not valid.');
    // A field never visited stays quiet.
    expect(await fieldError(postCode)).toBe('');
  });

  it(`a CV of another type is refused with '${WRONG_TYPE}' and is not taken`, async () => {
    const { page, calls } = await phonePage();
    await openApplyPage(page, job.id);
    await waitForApplyStep(page, 'form');
    await fillApplyForm(page, newCandidate('apply-png'), {
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not really a png'),
    });
    const rejection = page.getByRole('alert').filter({ hasText: WRONG_TYPE });
    await rejection.waitFor({ timeout: WAIT_MS });
    expect((await rejection.innerText()).trim()).toBe(WRONG_TYPE);
    expect(await page.getByText('photo.png').count()).toBe(0);
    calls.length = 0;
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    // One CV message in one place: the focus goes to the field whose refusal stays the only message,
    // and nothing is sent.
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type))
      .toBe('file');
    expect(await rejection.count()).toBe(1);
    expect(await dangerAlert(page)).toBeNull();
    expect(calls).toEqual([]);
    await expectNoAxeViolations(page, 'apply form with a refused file at 360 px');

    // An accepted type replaces the refusal and clears the alert.
    await formFields(page).cv.setInputFiles(txtCv('Plain CV.txt'));
    await expect.poll(() => rejection.count()).toBe(0);
    expect(await page.getByText('Plain CV.txt', { exact: true }).isVisible()).toBe(true);
    expect(await dangerAlert(page)).toBeNull();
  });
});

describe('login and verification steps', () => {
  it("login: empty e-mail asks for one, an unknown one is 'Invalid email address'; verification: empty code, a wrong one, 'Resend', the new one", async () => {
    const candidate = newCandidate('apply-codes');
    await registerCandidateByApi(candidate, [pdfCv('Codes CV.pdf')]);
    const { page } = await phonePage();
    await openApplyPage(page, job.id);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await waitForApplyStep(page, 'login');
    const email = page.getByLabel('Email', { exact: true });
    await page.getByRole('button', { name: 'Get a verification code', exact: true }).click();
    await expect.poll(() => fieldError(email)).toBe(EMAIL);

    const stranger = newCandidate('apply-stranger').email;
    const before = await mailboxMark();
    await email.fill(stranger);
    await page.getByRole('button', { name: 'Get a verification code', exact: true }).click();
    await expect.poll(() => dangerAlert(page), { timeout: WAIT_MS }).toBe('Invalid email address');
    expect(await stepHeading(page, 'login').isVisible()).toBe(true);
    expect(await mailFor(stranger, before)).toEqual([]);

    await email.fill(candidate.email);
    const since = await mailboxMark();
    await page.getByRole('button', { name: 'Get a verification code', exact: true }).click();
    await waitForApplyStep(page, 'verification');
    const codeInput = page.getByLabel('Verification code');
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect.poll(() => fieldError(codeInput)).toBe('Please enter verification code');
    await expectNoAxeViolations(page, 'apply verification with an error at 360 px');

    const code = await latestCode(candidate.email, { since });
    await codeInput.fill(String((Number(code) + 1) % 1_000_000).padStart(6, '0'));
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect.poll(() => dangerAlert(page), { timeout: WAIT_MS }).toBe('Invalid verification code.');
    expect(await stepHeading(page, 'verification').isVisible()).toBe(true);

    // 'Resend' mails a new code and says so (product.md §8 success toast); the new code signs in.
    const beforeResend = await mailboxMark();
    await page.getByRole('button', { name: 'Resend', exact: true }).click();
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Verification code is sent successfully.' })
      .waitFor({ timeout: WAIT_MS });
    const resent = await latestCode(candidate.email, { since: beforeResend });
    await codeInput.fill(resent);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await waitForApplyStep(page, 'cvSelection');
  });

  it("cvSelection: Apply with no CV chosen says 'Please select or upload a CV'; an upload then applies", async () => {
    const candidate = newCandidate('apply-nocvs');
    const account = await registerCandidateByApi(candidate, []);
    const { page } = await phonePage();
    await openApplyPage(page, job.id);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await waitForApplyStep(page, 'login');
    await page.getByLabel('Email', { exact: true }).fill(candidate.email);
    const since = await mailboxMark();
    await page.getByRole('button', { name: 'Get a verification code', exact: true }).click();
    await enterApplyCode(page, candidate.email, since);
    await waitForApplyStep(page, 'cvSelection');
    expect(await page.getByRole('radio').count()).toBe(0);

    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect.poll(() => dangerAlert(page)).toBe('Please select or upload a CV');
    await expectNoAxeViolations(page, 'apply cvSelection with an error at 360 px');
    expect((await employerApplications(employer, job.id)).filter((a) => a.candidate.email === candidate.email)).toEqual(
      [],
    );

    await page.locator('input[type="file"]').setInputFiles(pdfCv('Uploaded At Last.pdf'));
    await expect.poll(() => dangerAlert(page)).toBeNull();
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await waitForApplyStep(page, 'success');
    expect(
      (await employerApplications(employer, job.id)).filter((a) => a.candidate.email === candidate.email),
    ).toHaveLength(1);
    expect(account.cvs).toEqual([]);
  });
});

describe('keyboard only', () => {
  it('a new candidate applies with Tab, Shift+Tab, Enter and Space (the file set on the focused input)', async () => {
    const candidate = newCandidate('apply-keys');
    const { page } = await phonePage();
    await openApplyPage(page, job.id);
    await waitForApplyStep(page, 'form');
    const fields = formFields(page);
    const applyButton = page.getByRole('button', { name: 'Apply', exact: true });

    // The CV comes first (what is read from it fills the fields below).
    await pressUntilFocused(page, fields.cv, 'Tab', 8);
    // The input itself is visually hidden; its drop zone shows the keyboard focus instead.
    const zoneOutline = await fields.cv.evaluate((input) => {
      const zone = document.querySelector(`label[for="${input.id}"]`);
      const style = zone ? getComputedStyle(zone) : null;
      return style ? `${style.outlineStyle} ${style.outlineWidth}` : 'no zone';
    });
    expect(zoneOutline).toMatch(/^(?!none)\w+ [1-9]/);
    const cv = pdfCv('Keyboard CV.pdf');
    await page.locator(':focus').setInputFiles(cv);
    await expect.poll(() => page.getByText(cv.name, { exact: true }).isVisible()).toBe(true);

    await pressUntilFocused(page, fields.name, 'Tab', 4);
    await page.keyboard.type(candidate.name);
    // The fields follow one another in the tab order.
    expect(await pressUntilFocused(page, fields.email, 'Tab', 1)).toBe(1);
    await page.keyboard.type(candidate.email);
    expect(await pressUntilFocused(page, fields.phone, 'Tab', 1)).toBe(1);
    await page.keyboard.type(candidate.phone);
    expect(await pressUntilFocused(page, fields.postCode, 'Tab', 1)).toBe(1);
    // Post code left empty for now: leaving it shows the message.
    await pressUntilFocused(page, applyButton, 'Tab', 4);
    await expect.poll(() => fieldError(fields.postCode)).toBe(POST_CODE);

    // Back to the post code with Shift+Tab, fill it, then forward to Apply.
    await pressUntilFocused(page, fields.postCode, 'Shift+Tab', 4);
    await page.keyboard.type(candidate.postCode);
    await expect.poll(() => fieldError(fields.postCode)).toBe('');
    await pressUntilFocused(page, applyButton, 'Tab', 4);
    const since = await mailboxMark();
    await page.keyboard.press('Enter');

    await waitForApplyStep(page, 'verification');
    // Focus moves to the new step's heading (ADR 0040), so the next Tab is inside the step.
    await expect.poll(() => isFocused(stepHeading(page, 'verification'))).toBe(true);
    const codeInput = page.getByLabel('Verification code');
    await pressUntilFocused(page, codeInput, 'Tab', 4);
    await page.keyboard.type(await latestCode(candidate.email, { since }));
    await page.keyboard.press('Enter');

    await waitForApplyStep(page, 'success');
    await expect.poll(() => isFocused(stepHeading(page, 'success'))).toBe(true);
    await pressUntilFocused(page, page.getByRole('button', { name: 'Continue', exact: true }), 'Tab', 3);
    await page.keyboard.press('Space');
    await expectPath(page, '/applications');
    const mine = (await employerApplications(employer, job.id)).filter((a) => a.candidate.email === candidate.email);
    expect(mine).toHaveLength(1);
  });
});
