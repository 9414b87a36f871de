/**
 * Issue 12 item 17: on the apply page, choosing a CV fills the empty name, e-mail and phone fields with
 * what the CV says (docs/decisions/0175-0177); what the candidate typed stays; applying works as before.
 * At 1280 px and 360 px, axe clean, with screenshots for a person to look at.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfCv, type CvFile } from '../support/apply-files';
import {
  enterApplyCode,
  expectNoSidewaysScroll,
  formFields,
  openApplyPage,
  waitForApplyStep,
} from '../support/apply-flows';
import { expectNoAxeViolations } from '../support/axe';
import { DESKTOP, PHONE, usePortalPages } from '../support/browser';
import { newCandidate, type CandidateDetails } from '../support/flows';
import { createEmployer, employerApplications, type Employer, type EmployerJob } from '../support/jobs';
import { mailboxMark } from '../support/mailbox';
import { WAIT_MS } from '../support/waits';

const SCREENSHOTS = path.resolve(import.meta.dirname, '..', '.screenshots', 'apply-cv-autofill');
const FILLED_NOTE = 'Filled in from your CV — check before applying.';
const FAILED_NOTE = 'Your details could not be read from this CV. Please fill them in yourself.';

let employer: Employer;
let job: EmployerJob;
const openPage = usePortalPages();

/** A name the CV reader takes for one: capitalised words, no digits (newCandidate's carry an id). */
function autofillCandidate(): CandidateDetails {
  const base = newCandidate('autofill');
  const letters = base.email.replace(/[^a-f]/g, '').slice(0, 6) || 'abc';
  return { ...base, name: `Robin ${letters[0]?.toUpperCase()}${letters.slice(1)}quist` };
}

/** A CV whose header holds the candidate's name, e-mail and phone on their own lines. */
function cvOf(candidate: CandidateDetails, phone: string): CvFile {
  return pdfCv('Robin CV.pdf', [
    candidate.name,
    'Pastry chef',
    `${candidate.email} | Mobile: ${phone}`,
    'Experience 2015 - 2020',
  ]);
}

const isAutofillPost = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === '/cv-autofill';

async function shot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, name), fullPage: true });
}

beforeAll(async () => {
  employer = await createEmployer({ label: 'autofill', jobs: [{ title: 'Pastry Chef' }] });
  [job] = employer.jobs as [EmployerJob];
});

describe('the apply form fills itself from the chosen CV', () => {
  it('at 1280 px: fills the empty name and e-mail, keeps the phone the candidate typed, and applying works', async () => {
    const candidate = autofillCandidate();
    const page = await openPage({ viewport: DESKTOP });
    await openApplyPage(page, job.id);
    await waitForApplyStep(page, 'form');
    const fields = formFields(page);
    const typedPhone = '+1 555 0100';
    await fields.phone.fill(typedPhone);

    const posted = page.waitForRequest(isAutofillPost, { timeout: WAIT_MS });
    await fields.cv.setInputFiles(cvOf(candidate, '07700 900456'));
    await posted;
    await expect.poll(() => fields.name.inputValue(), { timeout: WAIT_MS }).toBe(candidate.name);
    expect(await fields.email.inputValue()).toBe(candidate.email);
    expect(await fields.phone.inputValue()).toBe(typedPhone);
    expect(await page.getByRole('status').filter({ hasText: FILLED_NOTE }).isVisible()).toBe(true);
    // Each filled field says where its value came from; the phone, typed by the candidate, does not.
    expect(await page.getByText('From your CV', { exact: true }).count()).toBe(2);
    await expectNoAxeViolations(page, 'apply form filled from the CV at 1280 px');
    await shot(page, 'filled-1280.png');

    await fields.postCode.fill(candidate.postCode);
    const since = await mailboxMark();
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await waitForApplyStep(page, 'verification');
    await enterApplyCode(page, candidate.email, since);
    await waitForApplyStep(page, 'success');
    const mine = (await employerApplications(employer, job.id)).filter((a) => a.candidate.email === candidate.email);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.candidate).toMatchObject({
      name: candidate.name,
      phoneNumber: typedPhone,
      postcode: candidate.postCode,
    });
  });

  it('at 360 px: fills all three empty fields, fits the screen, and a failed read only says so', async () => {
    const candidate = autofillCandidate();
    const page = await openPage({ viewport: PHONE });
    await openApplyPage(page, job.id);
    await waitForApplyStep(page, 'form');
    const fields = formFields(page);
    // Nothing of the reader is loaded before a file is chosen.
    const autofillModule = (url: string) => /cv-autofill/.test(url);
    const loaded: string[] = [];
    page.on('request', (request) => {
      if (autofillModule(request.url())) loaded.push(request.url());
    });
    await page.waitForTimeout(300);
    expect(loaded).toEqual([]);

    await fields.cv.setInputFiles(cvOf(candidate, '+44 7700 900789'));
    await expect.poll(() => fields.phone.inputValue(), { timeout: WAIT_MS }).toBe('+44 7700 900789');
    expect(await fields.name.inputValue()).toBe(candidate.name);
    expect(await fields.email.inputValue()).toBe(candidate.email);
    expect(await page.getByRole('status').filter({ hasText: FILLED_NOTE }).isVisible()).toBe(true);
    expect(await page.getByText('From your CV', { exact: true }).count()).toBe(3);
    await expectNoAxeViolations(page, 'apply form filled from the CV at 360 px');
    await expectNoSidewaysScroll(page, 'the form filled from the CV');
    await shot(page, 'filled-360.png');

    // Another CV while the service cannot read it: a short note, the fields as they were, Apply still there.
    await fields.name.fill('');
    await page.route('**/cv-autofill', (route) =>
      route.fulfill({ status: 503, contentType: 'application/problem+json', body: '{"status":503}' }),
    );
    await fields.cv.setInputFiles(cvOf(autofillCandidate(), '07700 900000'));
    await page.getByRole('status').filter({ hasText: FAILED_NOTE }).waitFor({ timeout: WAIT_MS });
    expect(await fields.name.inputValue()).toBe('');
    expect(await fields.email.inputValue()).toBe(candidate.email);
    expect(await page.getByRole('button', { name: 'Apply', exact: true }).isEnabled()).toBe(true);
    await expectNoAxeViolations(page, 'apply form after a failed CV read at 360 px');
    await expectNoSidewaysScroll(page, 'the form after a failed CV read');
    await shot(page, 'failed-360.png');
  });
});
