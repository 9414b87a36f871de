import { createHmac, timingSafeEqual } from 'node:crypto';
import { applicationStatusInWords } from '@careers/contracts/application-status';
import type { StatusEmailPreference } from '@careers/contracts/candidate-api';
import { jobAtBusiness, oneLine, quotableEmployerWords } from '@careers/server-kit/employer-words';
import type { MailMessage } from '@careers/server-kit/mail';
import { contactUrl, renderMail, timeInZone } from '@careers/server-kit/mail-layout';
import { productMetrics } from '@careers/server-kit/metrics';
import type { Db } from '../../db';
import type { AuthUser } from '@careers/server-kit/bearer-auth';
import type { EndingReason } from '@careers/contracts/fair-endings';
import { endingSentence } from '../job-endings/ending-words';
import { requireCandidate, setStatusEmails, statusEmailsOn } from '../candidates/candidates.service';
import { dropUnsentStatusMailOf, queueReceiptMail, queueStatusMail } from './status-emails.repository';

/** The kind of a status e-mail, as logs and metrics name it. */
export const STATUS_MAIL_KIND = 'application status';
/** The kind of an application's receipt. */
export const RECEIPT_MAIL_KIND = 'application receipt';

/** The portal page a status e-mail's unsubscribe link opens, and the API address its List-Unsubscribe header names. */
export const UNSUBSCRIBE_PAGE = '/unsubscribe';
export const UNSUBSCRIBE_API = '/status-emails/unsubscribe';

/**
 * Queues (or changes, or drops) the candidate's e-mail about a status change, in the caller's transaction
 * (so the e-mail is queued with the change, or not at all); sent `delayMs` after `now`.
 */
export async function queueStatusChangeMail(
  trx: Db,
  change: { candidateId: string; applicationId: string; from: number; to: number; now: Date },
  delayMs: number,
): Promise<void> {
  const sendAt = new Date(change.now.getTime() + delayMs);
  const queued = await queueStatusMail(trx, { ...change, sendAt }, () => statusEmailsOn(trx, change.candidateId));
  if (queued === 'queued') productMetrics.emailsQueued().inc({ kind: STATUS_MAIL_KIND });
}

/** Whether the caller gets an e-mail when an employer moves one of their applications. */
export async function ownStatusEmails(db: Db, user: AuthUser): Promise<StatusEmailPreference> {
  return { statusEmails: (await requireCandidate(db, user)).status_emails };
}

/** Turns the caller's status e-mails on or off; off also drops those still waiting to be sent. */
export async function setOwnStatusEmails(db: Db, user: AuthUser, on: boolean): Promise<StatusEmailPreference> {
  const candidate = await requireCandidate(db, user);
  await db.transaction().execute(async (trx) => {
    await setStatusEmails(trx, candidate.id, on);
    if (!on) await dropUnsentStatusMailOf(trx, candidate.id, new Date());
  });
  return { statusEmails: on };
}

/** An unsubscribe link's candidate (its token checked): status e-mails off, the unsent ones dropped. Idempotent. */
export async function unsubscribeFromStatusEmails(db: Db, candidateId: string): Promise<StatusEmailPreference> {
  await db.transaction().execute(async (trx) => {
    await setStatusEmails(trx, candidateId, false);
    await dropUnsentStatusMailOf(trx, candidateId, new Date());
  });
  return { statusEmails: false };
}

const TOKEN_VERSION = 'v1';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const mac = (secret: string, candidateId: string) =>
  createHmac('sha256', secret).update(`status-emails:${TOKEN_VERSION}:${candidateId}`).digest('base64url');

/**
 * The unsubscribe token of a candidate: their id and an HMAC of it. It never expires (a link in an old
 * e-mail still works, as RFC 8058 expects) and can do one thing only: turn that candidate's status
 * e-mails off. A new UNSUBSCRIBE_SECRET voids every link already sent.
 */
export function unsubscribeToken(secret: string, candidateId: string): string {
  return `${TOKEN_VERSION}.${candidateId}.${mac(secret, candidateId)}`;
}

/** The candidate id a token was made for, or null when it was not made with this secret. */
export function verifyUnsubscribeToken(secret: string, token: string): string | null {
  const [version, candidateId, signature, ...rest] = token.split('.');
  if (version !== TOKEN_VERSION || !candidateId || !signature || rest.length > 0 || !UUID.test(candidateId))
    return null;
  const expected = Buffer.from(mac(secret, candidateId));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? candidateId : null;
}

export { quotableEmployerWords };

/** What both e-mails about an application know: who it goes to, the job as the employer wrote it, the links. */
interface ApplicationMailFacts {
  to: string;
  candidateName: string;
  jobTitle: string;
  businessName: string;
  /** The business's logo, when it has one. */
  logoUrl?: string | undefined;
  applicationId: string;
  /** A signed token (unsubscribeToken). */
  token: string;
  portalUrl: string;
  /** This service's public address: where mail clients POST the one-click unsubscribe. */
  apiUrl: string;
  /** CONTACT_EMAIL, when set: the footer's "Contact us" writes to it. */
  contactEmail?: string | undefined;
}

export interface StatusMailFacts extends ApplicationMailFacts {
  applicationStatus: number;
  /** Set when the status is the outcome given as the job closed (docs/decisions/0410): said as the reason. */
  endingReason?: EndingReason | null;
}

export interface ReceiptMailFacts extends ApplicationMailFacts {
  appliedAt: Date;
  /** The candidate's time zone when the portal knows it; else the time is said in UTC, and says so. */
  timeZone?: string | null | undefined;
  /** The name of the CV sent with the application, as the candidate's CV list shows it. */
  cvFileName: string | null;
}

const OUR_WORDS =
  "We do not write or check what employers write. We never ask for passwords, bank details or payments by email: don't reply with them, and don't follow instructions in an employer's words.";

/**
 * What an e-mail about an application shares: the header, the greeting, the job in a sentence, the link, and
 * the footer. The status e-mails' footer is their way out (RFC 8058); a receipt is the answer to what the
 * candidate just did, sent whatever that switch says, so it has no way out to offer.
 */
function applicationMail(facts: ApplicationMailFacts, receipt = false) {
  const token = encodeURIComponent(facts.token);
  const business = quotableEmployerWords(facts.businessName);
  const contact = contactUrl(facts.portalUrl, facts.contactEmail);
  return {
    // A name that could become a link is no business's name to show: such an e-mail has the product's header.
    business: business === null ? undefined : { name: business, logoUrl: facts.logoUrl },
    greeting: oneLine(facts.candidateName) ? `Hello ${oneLine(facts.candidateName)},` : 'Hello,',
    job: jobAtBusiness(facts.jobTitle, facts.businessName),
    applicationLink: `${facts.portalUrl}/applications?application=${facts.applicationId}`,
    footer: receipt
      ? {
          why: 'You get this email because you just applied for a job on the Careers Portal with this address. It is the receipt of your application: it comes even when status emails are off.',
          contactUrl: contact,
        }
      : {
          why: 'You get this email because status emails are on for your account.',
          contactUrl: contact,
          unsubscribe: {
            url: `${facts.portalUrl}${UNSUBSCRIBE_PAGE}?token=${token}`,
            accountUrl: `${facts.portalUrl}/user-account`,
          },
        },
    headers: receipt
      ? undefined
      : {
          'List-Unsubscribe': `<${facts.apiUrl}${UNSUBSCRIBE_API}?token=${token}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
  };
}

/**
 * The e-mail a candidate gets when an employer moves their application: the status in the timeline's words
 * (packages/contracts applicationStatusWords), the job and business named plainly in a sentence (each left
 * out when it looks like a web address, docs/decisions/0557), a link to the application, and an unsubscribe
 * link that works without signing in; List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) let a mail
 * client offer the same in one click. Every link is the portal's; the subject carries none of the
 * employer's words (it cannot say whose they are).
 */
export function statusMail(facts: StatusMailFacts): MailMessage {
  const words = applicationStatusInWords(facts.applicationStatus);
  const common = applicationMail(facts);
  return renderMail({
    to: facts.to,
    kind: STATUS_MAIL_KIND,
    subject: `${words}: your job application has a new status`,
    preview: `Your application is now: ${words}`,
    business: common.business,
    heading: 'Your application has a new status',
    body: [
      common.greeting,
      `Your application for ${common.job} has a new status:`,
      { emphasis: words },
      ...(facts.endingReason ? [endingSentence(facts.endingReason)] : []),
      { note: OUR_WORDS },
    ],
    button: { label: 'See your application on the portal', url: common.applicationLink },
    footer: common.footer,
    headers: common.headers,
  });
}

/**
 * The receipt of an application (docs/decisions/0283): what was sent, when, with which CV, what happens next
 * and the link to it on the portal. The subject names the job and business when both can be quoted safely:
 * the candidate chose that job a moment ago, so it reads as theirs, and otherwise it names neither.
 */
export function receiptMail(facts: ReceiptMailFacts): MailMessage {
  const common = applicationMail(facts, true);
  const title = quotableEmployerWords(facts.jobTitle);
  const business = quotableEmployerWords(facts.businessName);
  const subject =
    title !== null && business !== null
      ? `Your application for ${title} at ${business} was sent`
      : 'Your application was sent';
  const cv = facts.cvFileName ? oneLine(facts.cvFileName).slice(0, 120) : 'the CV you chose';
  return renderMail({
    to: facts.to,
    kind: RECEIPT_MAIL_KIND,
    subject,
    preview: 'The employer has your application and CV. Here is what happens next.',
    business: common.business,
    heading: 'Your application was sent',
    body: [
      common.greeting,
      `Your application for ${common.job} has reached the employer. What you sent:`,
      {
        facts: [
          { label: 'Sent on', value: timeInZone(facts.appliedAt, facts.timeZone) },
          { label: 'CV', value: cv },
        ],
      },
      'What happens next: the employer reads your application and CV. Each time they move it on, we email you its new status, and the portal always shows where it stands. You can withdraw it there at any time.',
      { note: OUR_WORDS },
    ],
    button: { label: 'See your application on the portal', url: common.applicationLink },
    footer: common.footer,
  });
}

/**
 * Queues the receipt of a new application in the transaction that makes it, whatever the status e-mails'
 * switch says: it answers what the candidate just did (docs/decisions/0557). It goes once the candidate's
 * address is proved (a new candidate proves it with the code that finishes their first application).
 */
export async function queueApplicationReceipt(
  trx: Db,
  receipt: { candidateId: string; applicationId: string; status: number; now: Date },
): Promise<void> {
  await queueReceiptMail(trx, receipt);
  productMetrics.emailsQueued().inc({ kind: RECEIPT_MAIL_KIND });
}
