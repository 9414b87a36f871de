/**
 * Every e-mail both services send, as it leaves them: each one built by its own template with realistic
 * words, sent through the services' SMTP transport to the stack's mail sink, then
 * - rendered in Chromium at 360 and 1280 px: nothing scrolls sideways, the one button (or the code) is in
 *   view, the business's logo (its alt text the business's name) or the product's name heads it; screenshots
 *   go to a temp folder to be looked at;
 * - scored by SpamAssassin with its local rules only (network tests off): below 2.0 each.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ApplicationStatus } from '@careers/contracts/enums';
import { encodePng } from '@careers/server-kit/png';
import { createLogger } from '@careers/server-kit/logger';
import { createMailTransport, type MailMessage } from '@careers/server-kit/mail';
import * as identity from '../../services/identity/src/modules/mail/mail.templates';
import { receiptMail, statusMail } from '../../services/candidate/src/modules/status-emails/status-emails.service';
import { contactMail } from '../../services/candidate/src/modules/contact/contact.service';
import { messageNoticeMail } from '../../services/candidate/src/modules/messages/messages.mail';
import { teamInvitationMail } from '../../services/candidate/src/modules/team/team-mail';
import { deletionReceiptMail } from '../../services/candidate/src/modules/retention/retention.worker';
import { replyReminderMail } from '../../services/candidate/src/modules/reply-times/reply-reminders';
import {
  employerDigestMail,
  employerNoticeMail,
} from '../../services/candidate/src/modules/employer-notifications/employer-notifications.mail';
import {
  goneInterviewMail,
  interviewMail,
  type InterviewMailFacts,
} from '../../services/candidate/src/modules/interviews/interviews.mail';
import { DESKTOP, PHONE, launchBrowser } from '../support/browser';
import { waitForMail, type SinkMessage } from '../support/mailbox';

const PORTAL = 'http://localhost:3000';
const LOGO = 'https://logos.example.test/businesses/northwind/logo.png';
const SHOTS = path.join(os.tmpdir(), 'careers-emails-rendered');
const SPAMASSASSIN = '/usr/bin/spamassassin';

interface Case {
  name: string;
  /** What the reader acts on: the button's label, or the code; or, in a receipt with neither, what it tells. */
  action: { button: string } | { code: string } | { text: string };
  /** What heads it: the business's logo (named by its alt text, the business's name), or the product's name. */
  mark: string;
  mail: (to: string) => MailMessage;
}

const site = { portalUrl: PORTAL };
const application = {
  candidateName: 'Cara Jones',
  jobTitle: 'Warehouse Operative',
  businessName: 'Northwind Logistics',
  logoUrl: LOGO,
  applicationId: '6f1c1f7e-8a55-4a43-9a43-0d9d2f0c1b11',
  token: 'v1.6f1c1f7e-8a55-4a43-9a43-0d9d2f0c1b11.sig',
  portalUrl: PORTAL,
  apiUrl: 'http://localhost:3002',
};
const interview: InterviewMailFacts = {
  kind: 'booked',
  recipient: 'interviewer',
  interviewId: '0c3f6a8e-2b1d-4c5e-9f7a-1d2e3f4a5b6c',
  applicationId: application.applicationId,
  sequence: 0,
  start: new Date('2027-03-29T08:00:00Z'),
  end: new Date('2027-03-29T08:45:00Z'),
  candidate: { name: 'Cara Jones', email: 'cara.jones@example.test' },
  interviewer: { name: 'Olive Owner', email: 'olive@northwind.example.test' },
  jobTitle: application.jobTitle,
  businessName: application.businessName,
  locationKind: 'address',
  location: 'Unit 4, Northwind Park, Leeds LS10 1AB',
  timeZone: 'Europe/London',
  portalUrl: PORTAL,
  uidDomain: 'careers.localhost',
  now: new Date('2027-03-22T08:00:00Z'),
};
const link = (p: string) => `${PORTAL}${p}/${'t'.repeat(43)}`;

const CASES: Case[] = [
  {
    name: 'sign-in-code',
    action: { code: '482913' },
    mark: 'Careers Portal',
    mail: (to) => identity.signInCodeMail(to, '482913', site),
  },
  {
    name: 'sign-in-code-finishing-an-application',
    action: { code: '204617' },
    mark: 'Careers Portal',
    mail: (to) =>
      identity.signInCodeMail(to, '204617', site, { title: 'Warehouse Operative', business: 'Northwind Logistics' }),
  },
  {
    name: 'confirmation-link',
    action: { button: 'Confirm my email address' },
    mark: 'Careers Portal',
    mail: (to) => identity.confirmationMail(to, link('/confirm/0b8e'), site),
  },
  {
    name: 'employer-welcome-link',
    action: { button: 'Set my password' },
    mark: 'Careers Portal',
    mail: (to) => identity.employerWelcomeMail(to, 'Bea Business', link(`/employer/welcome/${to}`), site),
  },
  {
    name: 'password-reset-link',
    action: { button: 'Choose a new password' },
    mark: 'Careers Portal',
    mail: (to) => identity.passwordResetMail(to, link(`/account/reset/${encodeURIComponent(to)}`), site),
  },
  {
    name: 'email-change-code',
    action: { code: '730412' },
    mark: 'Careers Portal',
    mail: (to) => identity.emailChangeCodeMail(to, '730412', site),
  },
  {
    name: 'email-change-current-code',
    action: { code: '118270' },
    mark: 'Careers Portal',
    mail: (to) => identity.emailChangeCurrentCodeMail(to, '118270', 'cara.new.address@example.test', site),
  },
  {
    name: 'email-changed-notice',
    action: { button: 'This was not me: put my address back' },
    mark: 'Careers Portal',
    mail: (to) =>
      identity.emailChangedNoticeMail(to, 'cara.new.address@example.test', link('/account/undo-email-change'), site),
  },
  {
    name: 'account-deletion-code',
    action: { code: '559014' },
    mark: 'Careers Portal',
    mail: (to) => identity.accountDeletionCodeMail(to, '559014', site),
  },
  {
    name: 'account-deleted',
    action: { text: 'Your applications and their history' },
    mark: 'Careers Portal',
    mail: (to) => identity.accountDeletedMail(to, { at: new Date('2026-11-25T18:40:00Z'), candidate: true }, site),
  },
  {
    name: 'application-receipt',
    action: { button: 'See your application on the portal' },
    mark: 'Northwind Logistics',
    mail: (to) =>
      receiptMail({
        ...application,
        to,
        appliedAt: new Date('2026-11-25T09:30:00Z'),
        cvFileName: 'Cara Jones CV 2026.pdf',
      }),
  },
  {
    name: 'application-status',
    action: { button: 'See your application on the portal' },
    mark: 'Northwind Logistics',
    mail: (to) => statusMail({ ...application, to, applicationStatus: ApplicationStatus.ScheduleInterview }),
  },
  {
    name: 'message-notice',
    action: { button: 'Read the message on the portal' },
    mark: 'Northwind Logistics',
    mail: (to) => messageNoticeMail({ ...application, to }),
  },
  {
    name: 'application-status-unquotable-business',
    action: { button: 'See your application on the portal' },
    mark: 'Careers Portal',
    mail: (to) =>
      statusMail({
        ...application,
        to,
        businessName: 'Pay the fee at secure-payments.example',
        applicationStatus: ApplicationStatus.Reject,
      }),
  },
  {
    name: 'team-invitation',
    action: { button: 'Accept the invitation' },
    mark: 'Northwind Logistics',
    mail: (to) =>
      teamInvitationMail({
        to,
        businessName: 'Northwind Logistics',
        inviterName: 'Olive Owner',
        role: 'Recruiter',
        url: link('/employer/join/3c9f'),
        expiresAt: new Date(Date.now() + 7 * 86_400_000),
        validityDays: 7,
        logoUrl: LOGO,
      }),
  },
  {
    name: 'interview-invitation',
    action: { button: 'Choose a time' },
    mark: 'Northwind Logistics',
    mail: (to) =>
      interviewMail({
        ...interview,
        kind: 'invitation',
        recipient: 'candidate',
        start: null,
        end: null,
        logoUrl: LOGO,
        openTimes: [0, 1, 2, 3].map((i) => ({
          start: new Date(Date.parse('2027-03-23T09:00:00Z') + i * 3_600_000),
          end: new Date(Date.parse('2027-03-23T09:45:00Z') + i * 3_600_000),
        })),
        candidate: { ...interview.candidate, email: to },
      }),
  },
  {
    name: 'interview-booked-candidate',
    action: { button: 'See the interview on the portal' },
    mark: 'Northwind Logistics',
    mail: (to) =>
      interviewMail({
        ...interview,
        recipient: 'candidate',
        logoUrl: LOGO,
        candidateTimeZone: 'Europe/Paris',
        candidate: { ...interview.candidate, email: to },
      }),
  },
  {
    name: 'interview-booked-interviewer',
    action: { button: 'See the interview on the portal' },
    mark: 'Careers Portal',
    mail: (to) => interviewMail({ ...interview, interviewer: { ...interview.interviewer, email: to } }),
  },
  {
    name: 'interview-cancelled-application-deleted',
    action: { button: 'See your interviews on the portal' },
    mark: 'Careers Portal',
    mail: (to) =>
      goneInterviewMail({
        gone: {
          interviewId: interview.interviewId,
          interviewerName: interview.interviewer.name,
          interviewerEmail: to,
          jobTitle: interview.jobTitle,
          businessName: interview.businessName,
          locationKind: interview.locationKind,
          location: interview.location,
          timeZone: interview.timeZone,
        },
        sequence: 1,
        start: interview.start!,
        end: interview.end!,
        portalUrl: PORTAL,
        uidDomain: interview.uidDomain,
        now: interview.now,
      }),
  },
  {
    name: 'application-deleted-receipt',
    action: { button: 'See your applications' },
    mark: 'Careers Portal',
    mail: (to) =>
      deletionReceiptMail({
        to,
        candidateName: 'Cara Jones',
        businessName: application.businessName,
        jobTitle: application.jobTitle,
        deletedAt: new Date('2026-11-25T03:00:00Z'),
        portalUrl: PORTAL,
      }),
  },
  {
    name: 'reply-reminder',
    action: { button: 'See the applications' },
    mark: 'Northwind Logistics',
    mail: (to) =>
      replyReminderMail({
        to,
        jobTitle: application.jobTitle,
        businessName: application.businessName,
        replyWithinDays: 5,
        overdueCount: 3,
        jobUrl: `${PORTAL}/employer/jobs/0b8e`,
        logoUrl: LOGO,
        portalUrl: PORTAL,
      }),
  },
  {
    name: 'employer-notice',
    action: { button: 'Open the application' },
    mark: 'Northwind Logistics',
    mail: (to) =>
      employerNoticeMail({
        to,
        kind: 'withdrawal',
        detail: null,
        applicationId: application.applicationId,
        jobTitle: application.jobTitle,
        candidateName: 'Cara Jones',
        withdrawalReason: 'I took another job closer to home.',
        businessName: application.businessName,
        logoUrl: LOGO,
        portalUrl: PORTAL,
      }),
  },
  {
    name: 'employer-digest',
    action: { button: 'Open the console' },
    mark: 'Careers Portal',
    mail: (to) =>
      employerDigestMail({
        to,
        businessName: application.businessName,
        waiting: [
          {
            applicationId: application.applicationId,
            jobTitle: application.jobTitle,
            candidateName: 'Cara Jones',
            appliedAt: new Date('2026-11-20T09:00:00Z'),
            replyWithinDays: 5,
          },
        ],
        waitingTotal: 1,
        events: [],
        now: new Date('2026-11-26T08:00:00Z'),
        portalUrl: PORTAL,
      }),
  },
  {
    name: 'contact-message',
    action: { button: 'Reply to Cara Jones' },
    mark: 'Careers Portal',
    mail: (to) =>
      contactMail(
        {
          id: randomUUID(),
          user_id: randomUUID(),
          name: 'Cara Jones',
          phone: '07700 900123',
          email: 'cara.jones@example.test',
          message:
            'Hello,\n\nI applied for the warehouse job last week and would like to add a reference to my application.\nCould you tell me how?\n\nThank you,\nCara',
          source: 'contact-us',
          forward_attempts: 0,
          forwarded_at: null,
          created_at: new Date('2026-11-25T10:00:00Z'),
        },
        to,
        PORTAL,
      ),
  },
];

/** Sends each e-mail as the services do (nodemailer over SMTP) and reads it back from the stack's sink. */
async function sendAll(): Promise<Map<string, SinkMessage>> {
  const transport = createMailTransport({
    smtpUrl: inject('stack').smtpUrl,
    from: 'Careers Portal <no-reply@careers.localhost>',
    logger: createLogger('emails-rendered', 'silent'),
  });
  const received = new Map<string, SinkMessage>();
  try {
    for (const c of CASES) {
      const to = `rendered-${c.name}-${randomUUID().slice(0, 8)}@example.test`;
      await transport.send(c.mail(to));
      received.set(c.name, await waitForMail(to));
    }
  } finally {
    await transport.close();
  }
  return received;
}

interface Score {
  score: number;
  tests: string;
}

/**
 * Every message scored in one SpamAssassin run (it takes seconds to start): -L local tests only (no DNS or
 * network lists), -t the score and the rules that fired, Bayes off so that nothing is learnt from the run.
 * Answers each recipient's score.
 */
function spamScores(raws: string[]): Promise<Map<string, Score>> {
  const mbox = raws
    .map(
      (raw) =>
        `From sender@example.test Thu Jan  1 00:00:00 2026\n${raw.replace(/\r\n/g, '\n').replace(/^From /gm, '>From ')}\n`,
    )
    .join('\n');
  const args = ['--mbox', '-L', '-t', '-x', '--cf=use_bayes 0', '--cf=bayes_auto_learn 0'];
  return new Promise((resolve, reject) => {
    const child = execFile(SPAMASSASSIN, args, { maxBuffer: 64 * 1024 * 1024 }, (err, stdout) => {
      if (err) return reject(err);
      const scores = new Map<string, Score>();
      for (const message of stdout.split(/^From sender@example\.test .*$/m)) {
        const to = /^To:\s+<?([^\s<>]+@[^\s<>]+)>?/m.exec(message)?.[1]?.toLowerCase();
        const status = /^X-Spam-Status: (?:Yes|No), score=(-?[\d.]+) required=[\d.]+ tests=([\s\S]*?) autolearn/m.exec(
          message,
        );
        if (to && status) scores.set(to, { score: Number(status[1]), tests: status[2]!.replace(/\s+/g, ' ').trim() });
      }
      resolve(scores);
    });
    child.stdin!.end(mbox);
  });
}

describe('every e-mail, as sent', () => {
  let mails: Map<string, SinkMessage>;
  let spam: Map<string, Score>;
  let browser: Browser;
  const logo = encodePng(48, 48, (x, y) =>
    x > 8 && x < 40 && y > 8 && y < 40 ? [26, 79, 160, 255] : [255, 255, 255, 255],
  );

  beforeAll(async () => {
    mails = await sendAll();
    expect(existsSync(SPAMASSASSIN), `${SPAMASSASSIN} is missing: apt-get install spamassassin`).toBe(true);
    spam = await spamScores([...mails.values()].map((m) => m.raw));
    browser = await launchBrowser();
    mkdirSync(SHOTS, { recursive: true });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  describe.each(CASES)('$name', (c) => {
    it.each([PHONE, DESKTOP])(
      'reads at %o: nothing scrolls sideways, its mark on top, the action in view',
      async (size) => {
        const mail = mails.get(c.name)!;
        expect(typeof mail.html).toBe('string');
        const context = await browser.newContext({ viewport: size });
        try {
          const page = await context.newPage();
          await page.route('https://logos.example.test/**', (route) =>
            route.fulfill({ status: 200, contentType: 'image/png', body: logo }),
          );
          await page.setContent(mail.html as string, { waitUntil: 'load' });
          const width = await page.evaluate(() => ({
            scroll: document.documentElement.scrollWidth,
            inner: window.innerWidth,
          }));
          expect(width.scroll, 'the page is wider than the screen').toBeLessThanOrEqual(width.inner);
          // The header: the business's logo, named by its alt text, or the product's name in words.
          const mark =
            c.mark === 'Careers Portal'
              ? page.getByText(c.mark, { exact: true }).first()
              : page.getByRole('img', { name: c.mark, exact: true });
          await expect.poll(() => mark.isVisible()).toBe(true);
          if (c.mark !== 'Careers Portal') {
            const box = (await mark.boundingBox())!;
            expect([Math.round(box.width), Math.round(box.height)]).toEqual([48, 48]);
          }
          const action =
            'button' in c.action
              ? page.getByRole('link', { name: c.action.button, exact: true })
              : page.getByText('code' in c.action ? c.action.code : c.action.text, { exact: true });
          await expect.poll(() => action.count()).toBe(1);
          expect(await action.isVisible()).toBe(true);
          const box = (await action.boundingBox())!;
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(size.width);
          if (c.mark !== 'Careers Portal') {
            const loaded = await page.evaluate(() =>
              [...document.images].every((img) => img.complete && img.naturalWidth > 0),
            );
            expect(loaded).toBe(true);
          }
          await page.screenshot({ path: path.join(SHOTS, `${c.name}-${size.width}.png`), fullPage: true });
        } finally {
          await context.close();
        }
      },
    );

    it('scores below 2.0 with SpamAssassin’s local rules', () => {
      const mail = mails.get(c.name)!;
      const scored = spam.get(mail.envelopeTo[0]!);
      expect(scored, `no score for ${mail.envelopeTo[0]}`).toBeDefined();
      expect(scored!.score, scored!.tests).toBeLessThan(2);
    });
  });
});
