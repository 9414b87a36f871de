/**
 * The employer hears of what happens (docs/decisions/0497): a member chooses, per kind, an email at once, the
 * daily digest or none, on the console's Emails page (360 and 1280 px), and an application then reaches them by
 * email with a link to it in the console; a withdrawal, at once by default, does too, with its reason.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, PHONE, usePortalPages } from '../support/browser';
import { applyViaApi, createJob, newEmployer, uploadCvViaApi, type Employer, type Job } from '../support/employer';
import { registerCandidateByApi } from '../support/apply-flows';
import { expectFocusOn } from '../support/focus';
import { pdfCv } from '../support/files';
import { newCandidate, signedInStateByApi } from '../support/flows';
import { mailboxMark, waitForMail } from '../support/mailbox';
import { stackApi } from '../support/api';
import { useLooks } from '../support/screens';
import { WAIT_MS } from '../support/waits';

const openPage = usePortalPages();
const look = useLooks('employer-notifications');

describe('employer notifications: chosen per kind, sent at once with a link to the application', () => {
  let employer: Employer;
  let job: Job;

  beforeAll(async () => {
    employer = await newEmployer('notices');
    job = await createJob(employer, `Test Notified Baker ${Date.now()}`);
  }, 120_000);

  it('an owner asks for applications at once; the next application and a withdrawal reach them', async () => {
    const console_ = await openPage({
      viewport: PHONE,
      storageState: await signedInStateByApi(employer.email, { remember: true }),
    });
    await console_.goto('/employer/notifications');
    const applications = console_.getByRole('group', { name: 'A new application' });
    await applications.getByRole('radio', { name: 'In my daily digest' }).waitFor({ timeout: WAIT_MS });
    // The defaults: applications in the digest, a withdrawal at once.
    expect(await applications.getByRole('radio', { name: 'In my daily digest' }).isChecked()).toBe(true);
    expect(
      await console_
        .getByRole('group', { name: 'A candidate withdraws an application' })
        .getByRole('radio', { name: 'An email at once' })
        .isChecked(),
    ).toBe(true);
    expect(await console_.title()).toBe('Emails · Employer · Careers Portal');
    await look(console_, 'settings', '360 px');
    await console_.setViewportSize(DESKTOP);
    await look(console_, 'settings', '1280 px');

    await applications.getByRole('radio', { name: 'An email at once' }).check();
    await console_.getByRole('button', { name: 'Save email choices' }).click();
    await expectFocusOn(console_, 'Your email choices are saved.');

    // A candidate applies: the owner gets an email at once, naming the job, with the application's link.
    const candidate = newCandidate('noticed');
    const { token } = await registerCandidateByApi(candidate);
    const since = await mailboxMark();
    const applicationId = await applyViaApi(
      token,
      job.id,
      await uploadCvViaApi(token, pdfCv('Noticed CV.pdf', candidate.name)),
    );
    const applied = await waitForMail(employer.email, { since, match: (m) => m.subject === 'A candidate applied' });
    expect(applied.text).toContain(job.title);
    expect(applied.text).toContain(candidate.name);
    const link = `${inject('stack').portalUrl}/employer/applications/${applicationId}`;
    expect(applied.links).toContain(link);
    await console_.goto(link);
    await console_.getByRole('heading', { level: 1, name: candidate.name }).waitFor({ timeout: WAIT_MS });

    // The candidate withdraws with a reason: at once by default, the reason quoted.
    const api = stackApi();
    const withdrawn = await api.call(`${api.urls.candidateUrl}/job-applications/${applicationId}/withdraw`, {
      method: 'POST',
      token,
      json: { reason: 'I took another job nearby' },
    });
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    const notice = await waitForMail(employer.email, {
      since,
      match: (m) => m.subject === 'A candidate withdrew their application',
    });
    expect(notice.text).toContain('I took another job nearby');
    expect(notice.links).toContain(link);
  }, 180_000);
});
