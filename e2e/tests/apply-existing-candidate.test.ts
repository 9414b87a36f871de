/**
 * Apply for a job as a candidate who already has an account, on a 360 px phone (product.md §2, §4
 * 'Apply-for-job flow'): found from the form's e-mail ('You already have an account with us.') or through
 * 'Login'; either way the code from the e-mail leads to cvSelection, where a stored CV is picked or a new
 * one uploaded (a new upload wins), and Apply sends exactly that CV.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfCv, txtCv } from '../support/apply-files';
import {
  candidateApplications,
  enterApplyCode,
  expectNoAxeViolationsBesidePreview,
  expectNoSidewaysScroll,
  expectPath,
  fillApplyForm,
  formFields,
  openApplyPage,
  registerCandidateByApi,
  stepHeading,
  waitForApplyStep,
} from '../support/apply-flows';
import type { Candidate } from '@careers/contracts/candidate';
import { expectOk } from '@careers/test-support/http';
import { stackApi } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { DESKTOP, PHONE, usePortalPages } from '../support/browser';
import { newCandidate } from '../support/flows';
import { createEmployer, employerApplications, type Employer, type EmployerJob } from '../support/jobs';
import { mailboxMark, mailFor } from '../support/mailbox';
import { WAIT_MS } from '../support/waits';

let employer: Employer;
let job: EmployerJob;
const openPage = usePortalPages();

beforeAll(async () => {
  employer = await createEmployer({ label: 'applyexisting', withLogo: true, jobs: [{ title: 'Tram Driver' }] });
  [job] = employer.jobs as [EmployerJob];
});

async function phonePage(): Promise<Page> {
  const page = await openPage({ viewport: PHONE });
  return page;
}

/** GET /candidate as the candidate: the profile as the candidate service keeps it. */
async function candidateProfile(token: string): Promise<Candidate> {
  const api = stackApi();
  return expectOk('the candidate', await api.call<Candidate>(`${api.urls.candidateUrl}/candidate`, { token }));
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const cvRadio = (page: Page, fileName: string) => page.getByRole('radio', { name: new RegExp(`^${escape(fileName)}`) });

describe('apply as an existing candidate (phone, 360 px)', () => {
  it('an already registered e-mail on the form: notice, code, then the CV is chosen on cvSelection', async () => {
    const candidate = newCandidate('apply-known');
    const older = txtCv('Known Older CV.txt');
    const newer = pdfCv('Known Newer CV.pdf');
    const account = await registerCandidateByApi(candidate, [older, newer]);
    const page = await phonePage();
    await openApplyPage(page, job.id);
    await waitForApplyStep(page, 'form');

    const onForm = pdfCv('Picked On The Form.pdf');
    await fillApplyForm(page, candidate, onForm);
    const since = await mailboxMark();
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await waitForApplyStep(page, 'verification');
    const notice = page.getByRole('status').filter({ hasText: 'You already have an account with us.' });
    expect(await notice.isVisible()).toBe(true);
    expect(await notice.innerText()).toMatch(/CV .*next step/);
    await expectNoAxeViolations(page, 'apply verification with the existing-account notice at 360 px');
    // Mode existing: nothing was applied for before the candidate signed in.
    expect((await employerApplications(employer, job.id)).filter((a) => a.candidate.email === candidate.email)).toEqual(
      [],
    );

    await enterApplyCode(page, candidate.email, since);
    await waitForApplyStep(page, 'cvSelection');
    // Both stored CVs, newest first, each with its date; the CV from the form waits as the new upload.
    const radios = page.getByRole('radio');
    expect(await radios.count()).toBe(2);
    expect(await cvRadio(page, newer.name).count()).toBe(1);
    expect(await cvRadio(page, older.name).count()).toBe(1);
    expect(await page.getByText(/^(Last used|Uploaded) on (\d{1,2} \w{3} \d{4}|-)$/).count()).toBe(2);
    expect(await page.getByText(onForm.name, { exact: true }).isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'apply cvSelection of an existing candidate at 360 px');
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/cv-picker-360.png`, fullPage: true });

    // product.md §2: each CV can be previewed in a modal showing the file's content in a frame.
    await page.getByRole('button', { name: `Preview ${older.name}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: older.name });
    await dialog.waitFor({ timeout: WAIT_MS });
    const frame = dialog.frameLocator('iframe');
    await expect
      .poll(
        async () =>
          frame
            .locator('body')
            .innerText({ timeout: 2_000 })
            .catch(() => ''),
        { timeout: WAIT_MS },
      )
      .toContain(`Curriculum vitae: ${older.name}`);
    await expectNoAxeViolationsBesidePreview(page, 'apply cvSelection with the CV preview open at 360 px');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    await cvRadio(page, older.name).check();
    expect(await cvRadio(page, older.name).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await waitForApplyStep(page, 'success');
    expect(
      await page.getByText(`Your application was successfully sent to ${employer.business.name}`).isVisible(),
    ).toBe(true);

    const olderId = account.cvs.find((c) => c.fileName === older.name)?.cvId;
    const mine = (await employerApplications(employer, job.id)).filter((a) => a.candidate.email === candidate.email);
    expect(mine.map((a) => [a.appliedWithCvId, a.readyToWork])).toEqual([[olderId, true]]);
    // The CV picked on the form was dropped by choosing a stored one: it was never uploaded.
    const own = await candidateApplications(account.token);
    expect(own.map((a) => a.appliedWithCvFileName)).toEqual([older.name]);
  });

  it("through 'Login': e-mail, code, cvSelection, a new upload there, Apply — and the application carries the new upload", async () => {
    const candidate = newCandidate('apply-login');
    const stored = pdfCv('Stored Before.pdf');
    const account = await registerCandidateByApi(candidate, [stored]);
    const page = await phonePage();
    await openApplyPage(page, job.id);
    await waitForApplyStep(page, 'form');

    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await waitForApplyStep(page, 'login');
    await expectNoAxeViolations(page, 'apply login at 360 px');
    // 'Sign up' goes back to the form, 'Login' to the login step again.
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await waitForApplyStep(page, 'form');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await waitForApplyStep(page, 'login');

    await page.getByLabel('Email', { exact: true }).fill(candidate.email);
    const since = await mailboxMark();
    await page.getByRole('button', { name: 'Get a verification code', exact: true }).click();
    await waitForApplyStep(page, 'verification');
    expect(await page.getByText('You already have an account with us.').count()).toBe(0);
    await enterApplyCode(page, candidate.email, since);
    await waitForApplyStep(page, 'cvSelection');
    expect(await cvRadio(page, stored.name).isChecked()).toBe(true);
    expect((await mailFor(candidate.email, since)).filter((m) => m.code !== null)).toHaveLength(1);

    const upload = txtCv('Brand New Upload With A Long Name To Cut Short.txt');
    await page.locator('input[type="file"]').setInputFiles(upload);
    // product.md §9: a displayed file name is cut at 40 characters plus '...'.
    expect(await page.getByText(`${upload.name.slice(0, 40)}...`, { exact: true }).isVisible()).toBe(true);
    // product.md §4: a new upload takes precedence over a selected CV.
    expect(await page.getByText('The new upload is used for this application.').isVisible()).toBe(true);
    expect(await cvRadio(page, stored.name).isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await waitForApplyStep(page, 'success');

    const own = await candidateApplications(account.token);
    expect(own).toHaveLength(1);
    expect(own[0]?.appliedWithCvFileName).toBe(upload.name);
    expect(own[0]?.appliedWithCvId).not.toBe(account.cvs[0]?.cvId);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expectPath(page, '/applications');
    const card = page.getByRole('article', { name: job.title });
    await card.waitFor({ timeout: WAIT_MS });
    expect(await card.getByText(upload.name, { exact: true }).isVisible()).toBe(true);
    expect(await stepHeading(page, 'cvSelection').count()).toBe(0);
  });
  it('an existing candidate who keeps the CV picked on the form applies with that file (a new upload wins, product.md §4)', async () => {
    const candidate = newCandidate('apply-keep');
    const account = await registerCandidateByApi(candidate, [txtCv('Stored Long Ago.txt')]);
    const page = await phonePage();
    await openApplyPage(page, job.id);
    await waitForApplyStep(page, 'form');
    const onForm = pdfCv('Kept From The Form.pdf');
    await fillApplyForm(page, candidate, onForm);
    // A phone number the profile does not have: offered on the success step (docs/decisions/0362).
    const typedPhone = '07700 900777';
    await formFields(page).phone.fill(typedPhone);
    const since = await mailboxMark();
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await enterApplyCode(page, candidate.email, since);
    await waitForApplyStep(page, 'cvSelection');
    expect(await page.getByText('The new upload is used for this application.').isVisible()).toBe(true);
    expect(await cvRadio(page, 'Stored Long Ago.txt').isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await waitForApplyStep(page, 'success');
    const own = await candidateApplications(account.token);
    expect(own.map((a) => a.appliedWithCvFileName)).toEqual([onForm.name]);

    // The details typed on the form are offered for the profile; nothing changes before the press, and
    // the redirect waits for the answer.
    const offer = page.getByRole('region', { name: 'Update your profile with these details?' });
    await offer.waitFor({ timeout: WAIT_MS });
    expect(await offer.getByText(typedPhone, { exact: true }).isVisible()).toBe(true);
    expect(await offer.getByText(`(profile: ${candidate.phone})`, { exact: true }).isVisible()).toBe(true);
    expect(await offer.getByText('Name', { exact: true }).count()).toBe(0);
    await expectNoAxeViolations(page, 'apply success with the profile offer at 360 px');
    await expectNoSidewaysScroll(page, 'apply success with the profile offer at 360 px');
    if (process.env.E2E_SCREENSHOTS) {
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/apply-profile-offer-360.png`, fullPage: true });
      await page.setViewportSize(DESKTOP);
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/apply-profile-offer-1280.png`, fullPage: true });
      await page.setViewportSize(PHONE);
    }
    expect((await candidateProfile(account.token)).phoneNumber).toBe(candidate.phone);
    await offer.getByRole('button', { name: 'Update my profile', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Your profile has been updated.' }).waitFor({ timeout: WAIT_MS });
    expect((await candidateProfile(account.token)).phoneNumber).toBe(typedPhone);
    expect((await candidateProfile(account.token)).name).toBe(candidate.name);
  });
});
