/**
 * Retention of applications (issue 30 items 1-4) in the browser: the owner sets the business's rule and
 * offers the talent pool (1280 px); the candidate sees the deletion date on the application, agrees to be
 * kept for other roles on its page, and takes the CV back from the business (360 px); the console lists the
 * talent pool, then the deleted application in the candidate's place (1280 px). A new candidate ticks the
 * same consent on the apply form itself (360 px). The deletion job itself is
 * tested on an injected clock in services/candidate/test/retention.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, usePortalPages } from '../support/browser';
import {
  ApplicationStatus,
  applyViaApi,
  createJob,
  newEmployer,
  setApplicationStatus,
  uploadCvViaApi,
  type Employer,
  type Job,
} from '../support/employer';
import { pdfCv } from '../support/files';
import {
  enterApplyCode,
  fillApplyForm,
  openApplyPage,
  registerCandidateByApi,
  waitForApplyStep,
} from '../support/apply-flows';
import { newCandidate, signedInStateByApi } from '../support/flows';
import { mailboxMark } from '../support/mailbox';
import { useLooks } from '../support/screens';
import { WAIT_MS } from '../support/waits';

const openPage = usePortalPages();
const look = useLooks('retention');

describe('retention: the date, the consent, the CV taken back', () => {
  let employer: Employer;
  let job: Job;

  beforeAll(async () => {
    employer = await newEmployer('retention');
    job = await createJob(employer, `Test Roaster ${Date.now()}`);
  }, 120_000);

  it('shows the date and the rule, keeps for other roles by consent, and deletes the CV at the business', async () => {
    // The owner picks Germany's preset and offers a year in the talent pool.
    const console_ = await openPage({
      viewport: DESKTOP,
      storageState: await signedInStateByApi(employer.email, { remember: true }),
    });
    await console_.goto('/employer/business');
    const form = console_.getByRole('form', { name: 'Retention of applications' });
    await form.waitFor({ timeout: WAIT_MS });
    await form.getByLabel('Country').selectOption('DE');
    await form.getByLabel(/Days to keep an application for other roles/).fill('365');
    await form.getByRole('button', { name: 'Save retention rule' }).click();
    await console_.getByText('Retention rule saved.').waitFor({ timeout: WAIT_MS });
    await look(console_, 'business-rule', '1280 px');

    const candidate = newCandidate('retention');
    // The candidate's account, made and signed in through the APIs (signing up is tested through its form elsewhere).
    const { token } = await registerCandidateByApi(candidate);
    const phone = await openPage({ viewport: PHONE, storageState: await signedInStateByApi(candidate.email) });
    const cvId = await uploadCvViaApi(token, pdfCv('Retention CV.pdf', candidate.name));
    const applicationId = await applyViaApi(token, job.id, cvId);
    await setApplicationStatus(employer, applicationId, ApplicationStatus.Reject);

    // The candidate agrees on the application's page; the date moves to the consent's end.
    await phone.goto(`/applications/${applicationId}`);
    const box = phone.getByLabel(`Keep my application for other roles at ${employer.businessName} until`, {
      exact: false,
    });
    await box.waitFor({ timeout: WAIT_MS });
    expect(await box.isChecked()).toBe(false);
    // Before the consent, the rule sets the date, and the line says so.
    await phone.getByText("Germany's rule: 183 days", { exact: false }).waitFor();
    // A click, not check(): once the consent is given the box makes way for its line, so check()'s look at the
    // box's state afterwards can find nothing to read; the line and its Withdraw button below are the proof.
    await box.click();
    await phone.getByRole('button', { name: /^Withdraw consent/ }).waitFor({ timeout: WAIT_MS });
    await phone
      .getByText(`${employer.businessName} will delete this application and your CV on`, { exact: false })
      .waitFor();
    await look(phone, 'application-consent', '360 px');

    await phone.goto('/applications');
    await phone
      .getByText(`${employer.businessName} will delete this application and your CV on`, { exact: false })
      .waitFor({ timeout: WAIT_MS });
    // Once the consent sets the date, the one line gives the consent as its reason, not the rule (decision 0547).
    await phone.getByText('(kept for other roles until then, as you agreed)', { exact: false }).waitFor();
    expect(await phone.getByText("Germany's rule", { exact: false }).count()).toBe(0);
    await look(phone, 'applications-date', '360 px');

    // The console's talent pool lists them with the date.
    await console_.goto('/employer/talent-pool');
    await console_.getByRole('link', { name: candidate.name }).waitFor({ timeout: WAIT_MS });
    expect(await console_.title()).toBe('Talent pool · Employer · Careers Portal');
    await look(console_, 'talent-pool', '1280 px');

    // The candidate takes the CV back from the business.
    await phone.goto('/cvs');
    await phone.getByText('Sent 1 time').click({ timeout: WAIT_MS });
    await phone.getByRole('button', { name: `Delete my CV at ${employer.businessName}` }).click();
    await look(phone, 'take-back-dialog', '360 px');
    await phone.getByRole('button', { name: 'Delete my CV there' }).click();
    await phone.getByText(`Your CV was deleted at ${employer.businessName}.`).waitFor({ timeout: WAIT_MS });
    // The CV keeps the trace of where it was deleted (decision 0575).
    await phone
      .getByText(`${employer.businessName}: deleted at your request on`, { exact: false })
      .waitFor({ timeout: WAIT_MS });

    // The employer sees it gone: "Deleted on" where the candidate was.
    await console_.goto(`/employer/jobs/${job.id}`);
    await console_.getByText('Deleted on', { exact: false }).waitFor({ timeout: WAIT_MS });
    expect(await console_.getByRole('link', { name: candidate.name }).count()).toBe(0);
    await look(console_, 'job-deleted-application', '1280 px');
    await console_.setViewportSize(PHONE);
    await look(console_, 'job-deleted-application', '360 px');
  }, 240_000);

  it('offers the consent unticked on the apply form; ticked, the new application is kept for other roles', async () => {
    // The business offers a year in the talent pool (set by the owner in the test above).
    const candidate = newCandidate('retention-form');
    const phone = await openPage({ viewport: PHONE });
    await openApplyPage(phone, job.id);
    await waitForApplyStep(phone, 'form');
    const box = phone.getByRole('checkbox', {
      name: new RegExp(
        `^Keep my application for other roles at ${employer.businessName} until \\d{1,2} \\w{3} \\d{4}$`,
      ),
    });
    expect(await box.isChecked()).toBe(false);
    await fillApplyForm(phone, candidate, pdfCv('Form consent CV.pdf', candidate.name));
    await box.check();
    await look(phone, 'apply-form-consent', '360 px');
    const since = await mailboxMark();
    await phone.getByRole('button', { name: 'Apply', exact: true }).click();
    await enterApplyCode(phone, candidate.email, since);
    await waitForApplyStep(phone, 'success');

    await phone.goto('/applications');
    await phone.getByRole('link', { name: `Open application for ${job.title}` }).click({ timeout: WAIT_MS });
    await phone
      .getByText(`${employer.businessName} keeps this application for its other roles until`, { exact: false })
      .waitFor({ timeout: WAIT_MS });
    await phone.getByRole('button', { name: /^Withdraw consent/ }).waitFor();
  }, 180_000);
});
