/**
 * Status e-mails (issue 12 item 14) end to end: a real employer moves the application through the employer
 * API, the candidate service's outbox sends the e-mail through SMTP to the test mailbox, and the candidate
 * follows its links: the application link (signed in), the unsubscribe link (not signed in, one press), the RFC 8058
 * one-click POST a mail client makes, and the account page's switch.
 */
import type { BrowserContextOptions } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { PHONE, usePortalPages } from '../support/browser';
import {
  applyViaApi,
  ApplicationStatus,
  candidateAccessToken,
  createJob,
  newEmployer,
  setApplicationStatus,
  uploadCvViaApi,
  type Employer,
  type Job,
} from '../support/employer';
import { pdfCv } from '../support/files';
import { newCandidate, signUpByCode } from '../support/flows';
import { mailboxMark, mailFor, waitForMail, type SinkMessage } from '../support/mailbox';
import { WAIT_MS } from '../support/waits';

const openPage = usePortalPages();

/** A header field of the raw message, unfolded. */
function header(message: SinkMessage, name: string): string | undefined {
  const head = message.raw.slice(0, message.raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  return head
    .split('\r\n')
    .find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
    ?.slice(name.length + 1)
    .trim();
}

const switchLabel = 'Email me when an employer moves one of my applications';

describe('status e-mails: the employer moves the application, the candidate reads it and unsubscribes', () => {
  let employer: Employer;
  let job: Job;

  beforeAll(async () => {
    employer = await newEmployer();
    job = await createJob(employer, `Test Pastry Chef ${Date.now()}`);
  });

  /**
   * A candidate who signed up by code and applied to the job; the employer then moved the application to
   * 'Qualify', and the status e-mail arrived.
   */
  async function candidateWithStatusMail() {
    const candidate = newCandidate('status-mail');
    const page = await openPage();
    await signUpByCode(page, candidate);
    const signedIn: BrowserContextOptions['storageState'] = await page.context().storageState();
    const token = await candidateAccessToken(candidate.email);
    const applicationId = await applyViaApi(
      token,
      job.id,
      await uploadCvViaApi(token, pdfCv('Status CV.pdf', candidate.name)),
    );
    // The application's receipt comes first (decision 0283), then the status e-mail.
    const receipt = await waitForMail(candidate.email, { match: (m) => m.subject.endsWith(' was sent') });
    expect(receipt.subject).toBe(`Your application for ${job.title} at ${employer.businessName} was sent`);
    expect(receipt.links).toContain(`${inject('stack').portalUrl}/applications?application=${applicationId}`);
    const since = await mailboxMark();
    await setApplicationStatus(employer, applicationId, ApplicationStatus.Qualify);
    const mail = await waitForMail(candidate.email, { since, match: (m) => m.text.includes(job.title) });
    return { candidate, signedIn, applicationId, mail };
  }

  it('e-mails the new status in the timeline’s words, with a link that opens the application', async () => {
    const { signedIn, applicationId, mail } = await candidateWithStatusMail();
    // The subject carries none of the employer's words; the body names the job and business plainly.
    expect(mail.subject).toBe('Under review: your job application has a new status');
    expect(mail.text).toContain(`Your application for ${job.title} at ${employer.businessName} has a new status:`);
    const { portalUrl, candidateUrl } = inject('stack');
    const applicationLink = `${portalUrl}/applications?application=${applicationId}`;
    expect(mail.links).toContain(applicationLink);
    expect(header(mail, 'List-Unsubscribe')).toMatch(
      new RegExp(`^<${candidateUrl}/status-emails/unsubscribe\\?token=[^>]+>$`),
    );
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    const signedInPage = await openPage({ storageState: signedIn });
    await signedInPage.goto(applicationLink);
    const card = signedInPage.getByRole('article', { name: job.title, exact: true });
    await card.waitFor({ timeout: WAIT_MS });
    expect(await card.getAttribute('aria-current')).toBe('true');
    // The progress is open on arrival, newest step first, in the e-mail's words.
    expect(await card.locator('details li .application-card__step').first().innerText()).toBe('Under review');
  });

  it('a mail client’s one-click POST (RFC 8058) turns them off; the account page shows it and turns them on again', async () => {
    const { candidate, signedIn, applicationId, mail: received } = await candidateWithStatusMail();
    const oneClick = header(received, 'List-Unsubscribe')!.slice(1, -1);
    const res = await fetch(oneClick, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);

    const page = await openPage({ storageState: signedIn });
    await page.goto('/user-account');
    const toggle = page.getByRole('checkbox', { name: switchLabel });
    await toggle.waitFor({ timeout: WAIT_MS });
    expect(await toggle.isChecked()).toBe(false);

    // Off: a move sends nothing. (The delay is 0 and the outbox polls every 100 ms in the test stack.)
    const since = await mailboxMark();
    await setApplicationStatus(employer, applicationId, ApplicationStatus.ScheduleInterview);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect((await mailFor(candidate.email, since)).filter((m) => m.text.includes(job.title))).toEqual([]);

    await page.getByText(switchLabel).click();
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await expect.poll(() => toggle.isDisabled()).toBe(false);
    await setApplicationStatus(employer, applicationId, ApplicationStatus.Interviewed);
    const mail = await waitForMail(candidate.email, { since, match: (m) => m.text.includes(job.title) });
    expect(mail.subject).toBe('Interviewed: your job application has a new status');
    expect((await mailFor(candidate.email, since)).filter((m) => m.text.includes(job.title))).toHaveLength(1);
  });

  it('the e-mail’s unsubscribe link works without signing in, on a phone, and then no more e-mails come', async () => {
    const { candidate, signedIn, applicationId, mail: received } = await candidateWithStatusMail();
    const link = received.links.find((l) => l.includes('/unsubscribe?token='));
    expect(link).toBeDefined();

    const page = await openPage({ viewport: PHONE });
    await page.goto(link!);
    // Opening the link changes nothing (mail scanners open links): one press turns the e-mails off.
    const press = page.getByRole('button', { name: 'Turn off status emails' });
    await press.waitFor({ timeout: WAIT_MS });
    expect(await page.title()).toBe('Turn off status emails · Careers Portal');
    await expectNoAxeViolations(page, 'unsubscribe page before the press');
    await press.click();
    await page.getByRole('heading', { name: 'Status emails are off' }).waitFor({ timeout: WAIT_MS });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoAxeViolations(page, 'unsubscribe page');

    const since = await mailboxMark();
    await setApplicationStatus(employer, applicationId, ApplicationStatus.MakeOffer);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect((await mailFor(candidate.email, since)).filter((m) => m.text.includes(job.title))).toEqual([]);

    const account = await openPage({ storageState: signedIn });
    await account.goto('/user-account');
    const toggle = account.getByRole('checkbox', { name: switchLabel });
    await toggle.waitFor({ timeout: WAIT_MS });
    expect(await toggle.isChecked()).toBe(false);
  });
});
