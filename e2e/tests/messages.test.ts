/**
 * Messages between employer and candidate (issue 28 item 1) end to end: the employer writes from a template
 * in the console, the candidate service's outbox e-mails the candidate that a message is waiting, the
 * candidate follows the e-mail's link to the application's page (360 px) and replies, and the employer sees
 * the unread reply on the job's applications and reads it (1280 px).
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, PHONE, usePortalPages } from '../support/browser';
import { expectFocusOn } from '../support/focus';
import { applyViaApi, createJob, newEmployer, uploadCvViaApi, type Employer, type Job } from '../support/employer';
import { registerCandidateByApi } from '../support/apply-flows';
import { pdfCv } from '../support/files';
import { newCandidate, signedInStateByApi, type CandidateDetails } from '../support/flows';
import { mailboxMark, waitForMail } from '../support/mailbox';
import { useLooks } from '../support/screens';
import { WAIT_MS } from '../support/waits';

const openPage = usePortalPages();
const look = useLooks('messages');

describe('messages: the employer writes from a template, the candidate is told by e-mail and replies', () => {
  let employer: Employer;
  let job: Job;
  let candidate: CandidateDetails;

  beforeAll(async () => {
    employer = await newEmployer('messages');
    job = await createJob(employer, `Test Barista ${Date.now()}`);
  }, 120_000);

  it('goes both ways, with the notice e-mail, at 1280 and 360 px', async () => {
    candidate = newCandidate('messages');
    // The candidate's account, made and signed in through the APIs (signing up is tested through its form elsewhere).
    const { token } = await registerCandidateByApi(candidate);
    const signedIn = await signedInStateByApi(candidate.email);
    const applicationId = await applyViaApi(
      token,
      job.id,
      await uploadCvViaApi(token, pdfCv('Messages CV.pdf', candidate.name)),
    );

    // The employer keeps a template with the fields and writes from it.
    const console_ = await openPage({
      viewport: DESKTOP,
      storageState: await signedInStateByApi(employer.email, { remember: true }),
    });
    await console_.goto(`/employer/applications/${applicationId}`);
    const messages = console_.getByRole('region', { name: 'Messages' });
    await messages.getByText('No messages yet.', { exact: false }).waitFor({ timeout: WAIT_MS });
    await messages.getByText('Message templates (0)').click();
    await messages.getByRole('button', { name: 'Add a template' }).click();
    await messages.getByLabel('Template name').fill('Invite to talk');
    await messages
      .getByLabel('Template text')
      .fill('Hello {candidateName},\nthank you for applying for {jobTitle} at {businessName}. Can we talk on Monday?');
    await messages.getByRole('button', { name: 'Save template' }).click();
    // After each action the focus is on its result, never on the page's body (decision 0541).
    await expectFocusOn(console_, 'Template saved.');
    const picker = messages.getByLabel('Start from a template');
    await picker.waitFor({ timeout: WAIT_MS });
    await picker.selectOption({ label: 'Invite to talk' });
    const since = await mailboxMark();
    await messages.getByRole('button', { name: 'Send message' }).click();
    const filled = `Hello ${candidate.name},\nthank you for applying for ${job.title} at ${employer.businessName}. Can we talk on Monday?`;
    await messages.locator('.employer-message__body').first().waitFor({ timeout: WAIT_MS });
    expect(await messages.locator('.employer-message__body').first().innerText()).toBe(filled);
    await expectFocusOn(console_, 'Can we talk on Monday?');
    await look(console_, 'employer-wrote', '1280 px');

    // Once: the notice names the job and business plainly and links to the messages.
    const notice = await waitForMail(candidate.email, {
      since,
      match: (m) => m.subject === 'An employer sent you a message about your job application',
    });
    expect(notice.text).toContain(`about your application for ${job.title} at ${employer.businessName}.`);
    expect(notice.text).not.toContain('Monday');
    const link = `${inject('stack').portalUrl}/applications/${applicationId}#messages`;
    expect(notice.links).toContain(link);

    // The candidate follows it on a phone, reads, and replies.
    const phone = await openPage({ viewport: PHONE, storageState: signedIn });
    await phone.goto(link);
    const thread = phone.getByRole('region', { name: 'Messages' });
    await thread.locator('.application-message__body').first().waitFor({ timeout: WAIT_MS });
    expect(await thread.locator('.application-message__body').first().innerText()).toBe(filled);
    expect(await phone.title()).toBe(`${job.title} · Careers Portal`);
    await look(phone, 'candidate-reads', '360 px');
    await thread.getByLabel(`Your reply to ${employer.businessName}`).fill('Monday at 10 works for me.');
    await thread.getByRole('button', { name: 'Send reply' }).click();
    await thread.getByText('Monday at 10 works for me.').waitFor({ timeout: WAIT_MS });
    await expectFocusOn(phone, 'Monday at 10 works for me.');
    await phone.setViewportSize(DESKTOP);
    await look(phone, 'candidate-replied', '1280 px');

    // The employer sees the unread reply on the job's applications, then reads it.
    await console_.goto(`/employer/jobs/${job.id}`);
    await console_.getByText('1 unread reply', { exact: true }).waitFor({ timeout: WAIT_MS });
    await console_.getByRole('link', { name: candidate.name }).first().click();
    const reply = console_.getByRole('region', { name: 'Messages' }).getByText('Monday at 10 works for me.');
    await reply.waitFor({ timeout: WAIT_MS });
    await look(console_, 'employer-reads-reply', '1280 px');
    await console_.setViewportSize(PHONE);
    await look(console_, 'employer-reads-reply', '360 px');
    await console_.setViewportSize(DESKTOP);
    await console_.goto(`/employer/jobs/${job.id}`);
    await console_.getByRole('link', { name: candidate.name }).first().waitFor({ timeout: WAIT_MS });
    await expect.poll(() => console_.getByText('1 unread reply', { exact: true }).count()).toBe(0);
  }, 180_000);
});
