/**
 * Issue 29 items 1 and 4 (docs/decisions/0400, 0401): a job's requirement is shown before the candidate
 * applies, an answer of "no" is sent and flagged for the employer, never rejected; after the employer edits
 * the job, the candidate still reads the ad they applied to. One candidate at 360 px, the employer at 1280 px.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ApplicationStatus } from '@careers/contracts/enums';
import { pdfCv } from '../support/apply-files';
import {
  candidateApplications,
  enterApplyCode,
  fillApplyForm,
  openApplyPage,
  storedAccessToken,
  waitForApplyStep,
} from '../support/apply-flows';
import { DESKTOP, PHONE, usePortalPages } from '../support/browser';
import { newCandidate, signInEmployerByCode } from '../support/flows';
import { createEmployer, employerApplications, type Employer, type EmployerJob } from '../support/jobs';
import { mailboxMark } from '../support/mailbox';
import { useLooks } from '../support/screens';
import { WAIT_MS } from '../support/waits';

const openPage = usePortalPages();
const look = useLooks('screening');
const LICENCE = 'Do you hold a UK driving licence?';
const REQUIREMENT = 'Required for this job: Yes.';
const CONSEQUENCE = 'You can still apply if you do not meet it: the employer will see that you do not.';

let employer: Employer;
let job: EmployerJob;

beforeAll(async () => {
  employer = await createEmployer({
    label: 'screening',
    jobs: [
      {
        title: 'Van Driver',
        description: 'Deliveries around Leeds, days only.',
        screeningQuestions: [{ id: 'licence', kind: 'yesNo', text: LICENCE, required: true, expected: true }],
      },
    ],
  });
  [job] = employer.jobs as [EmployerJob];
});

describe('screening questions and the ad as it was', () => {
  it('shows the requirement before Apply; "No" is sent and flagged, not rejected; the edited ad is kept as it was', async () => {
    const page = await openPage({ viewport: PHONE });
    const candidate = newCandidate('screened');
    await openApplyPage(page, job.id);
    await waitForApplyStep(page, 'form');
    const question = page.getByRole('group', { name: `${LICENCE} (required)` });
    await question.waitFor({ timeout: WAIT_MS });
    expect(await question.innerText()).toContain(REQUIREMENT);
    expect(await question.innerText()).toContain(CONSEQUENCE);
    await fillApplyForm(page, candidate, pdfCv('Screened Candidate.pdf'));
    // A required question left unanswered holds the send, said under the questions, next to the button.
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect
      .poll(() =>
        page
          .getByRole('alert')
          .filter({ hasText: `Answer the question "${LICENCE}".` })
          .count(),
      )
      .toBe(1);
    expect(await page.getByRole('heading', { name: 'Your details' }).count()).toBe(1);
    await question.getByRole('radio', { name: 'No', exact: true }).check();
    await look(page, 'apply-form-with-questions', '360 px');

    const since = await mailboxMark();
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await enterApplyCode(page, candidate.email, since);
    await waitForApplyStep(page, 'success');

    const [mine] = await candidateApplications(await storedAccessToken(page));
    const applicationId = mine!.id;
    const atEmployer = (await employerApplications(employer, job.id)).find((a) => a.id === applicationId);
    expect(atEmployer?.applicationStatus).toBe(ApplicationStatus.ApplicationPending);

    // The employer (1280 px) sees the flag and the version; after an edit the candidate still reads the original ad.
    const employerPage = await openPage({ viewport: DESKTOP });
    await signInEmployerByCode(employerPage, employer.email);
    await employerPage.goto(`/employer/applications/${applicationId}`);
    const record = employerPage.getByRole('region', { name: 'Answers and the ad applied to' });
    await record.waitFor({ timeout: WAIT_MS });
    expect(await record.innerText()).toContain(`Does not meet: ${LICENCE} (Required for this job: Yes; answered No)`);
    expect(await record.innerText()).toContain('The ad has not changed since this candidate applied.');

    // The employer changes the ad in the employerPage's job form; the question is there to edit too.
    await employerPage.goto(`/employer/jobs/${job.id}/edit`);
    const questionText = employerPage.getByRole('textbox', { name: 'Question 1' });
    await questionText.waitFor({ timeout: WAIT_MS });
    expect(await questionText.inputValue()).toBe(LICENCE);
    await look(employerPage, 'job-form-questions', '1280 px');
    await employerPage.getByLabel('Job title', { exact: true }).fill('Night Van Driver');
    await employerPage.getByLabel('Description', { exact: true }).fill('Nights only, from Bradford.');
    await employerPage.getByRole('button', { name: 'Save job' }).click();
    await expect
      .poll(() => new URL(employerPage.url()).pathname, { timeout: WAIT_MS })
      .toBe(`/employer/jobs/${job.id}`);

    await employerPage.goto(`/employer/applications/${applicationId}`);
    await record.waitFor({ timeout: WAIT_MS });
    await expect
      .poll(() => record.innerText(), { timeout: WAIT_MS })
      .toContain('The ad has changed since this candidate applied; below is the version they applied to.');
    expect(await record.getByRole('heading', { name: 'Version 1 of the ad' }).count()).toBe(1);
    await look(employerPage, 'application-flagged', '1280 px');

    // The candidate (still signed in on the phone) reads the ad as it was, and the receipt.
    await page.goto(`/applications/${applicationId}`);
    const receipt = page.getByRole('region', { name: 'Your receipt' });
    await receipt.waitFor({ timeout: WAIT_MS });
    const text = await receipt.innerText();
    expect(text).toContain('The employer has changed the ad since you applied. This is the ad you applied to.');
    expect(text).toContain('Van Driver');
    expect(text).toContain('Deliveries around Leeds, days only.');
    expect(text).not.toContain('Bradford');
    expect(text).toMatch(/[0-9a-f]{64}/);
    expect(text).toContain(`Does not meet: ${REQUIREMENT.slice(0, -1)}`);
    await look(page, 'application-receipt', '360 px');
  });
});
