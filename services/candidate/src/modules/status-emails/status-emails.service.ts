import { createHmac, timingSafeEqual } from 'node:crypto';
import { applicationStatusInWords } from '@careers/contracts/application-status';
import type { StatusEmailPreference } from '@careers/contracts/candidate-api';
import type { MailMessage } from '@careers/server-kit/mail';
import { productMetrics } from '@careers/server-kit/metrics';
import type { Db } from '../../db';
import type { AuthUser } from '../auth/auth.service';
import { requireCandidate, setStatusEmails, statusEmailsOn } from '../candidates/candidates.service';
import { dropUnsentStatusMailOf, queueStatusMail } from './status-emails.repository';

/** The kind of a status e-mail, as logs and metrics name it. */
export const STATUS_MAIL_KIND = 'application status';

/** The portal page a status e-mail's unsubscribe link opens, and the API address its List-Unsubscribe header names. */
export const UNSUBSCRIBE_PAGE = '/unsubscribe';
export const UNSUBSCRIBE_API = '/status-emails/unsubscribe';

/**
 * Queues (or changes, or drops) the candidate's e-mail about a status change, in the caller's transaction
 * (issue 12 item 14: the e-mail is queued with the change, or not at all); sent `delayMs` after `now`.
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

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const oneLine = (s: string) => s.replace(/[\r\n\t]+/g, ' ').trim();

/** Invisible and direction-changing characters: they can hide a web address or reorder what a reader sees. */
const HIDDEN_CHARACTERS = /[\u00AD\u061C\u115F\u1160\u180E\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFEFF\uFFA0]/g;
/** Full stops a domain name may be written with (IDNA maps these to "."). */
const DOT = '[.\u3002\uFF0E\uFF61]';
const LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}_-]*[\\p{L}\\p{N}])?';
/**
 * What a mail client may turn into a link: a scheme ("https:", "mailto:"), "://", "www.", an e-mail address,
 * an IPv4 address, or a dotted name ending in letters ("evil.test", "bank.co.uk"; also "Node.js", which
 * costs a tech title its place in the e-mail, not its place on the portal).
 */
const LINK_LIKE = [
  /\b(?:https?|ftp|mailto|tel|sms|file|data|javascript|callto|skype|whatsapp):/iu,
  /:\/\//u,
  new RegExp(`\\bwww\\d{0,3}${DOT}`, 'iu'),
  /[^\s@]@[^\s@]+[.\u3002\uFF0E\uFF61][^\s@]/u,
  new RegExp(`\\b\\d{1,3}(?:${DOT}\\d{1,3}){3}\\b`, 'u'),
  new RegExp(`${LABEL}(?:${DOT}${LABEL})*${DOT}\\p{L}{2,}(?![\\p{L}\\p{N}])`, 'u'),
];

/**
 * An employer's words (a job title, a business name) as a status e-mail may quote them: on one line, without
 * hidden characters, at most 200 characters; or null when they hold anything a mail client could make a
 * link of. Such words are left out rather than mangled: a broken-up address still reads as an address to a
 * person (and badly to a screen reader), and the portal shows the words in full (docs/decisions/0237).
 */
export function quotableEmployerWords(words: string): string | null {
  const line = oneLine(words.replace(HIDDEN_CHARACTERS, '')).replace(/\s+/g, ' ');
  if (!line || LINK_LIKE.some((pattern) => pattern.test(line))) return null;
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

export interface StatusMailFacts {
  to: string;
  candidateName: string;
  jobTitle: string;
  businessName: string;
  applicationId: string;
  applicationStatus: number;
  /** A signed token (unsubscribeToken). */
  token: string;
  portalUrl: string;
  /** This service's public address: where mail clients POST the one-click unsubscribe. */
  apiUrl: string;
}

/** The employer's words of a status e-mail, each labelled as theirs; quoted only when they cannot become a link. */
function employerLines(facts: StatusMailFacts): { label: string; words: string | null }[] {
  return [
    { label: 'Job title as written by the employer', words: quotableEmployerWords(facts.jobTitle) },
    { label: 'Business name as written by the employer', words: quotableEmployerWords(facts.businessName) },
  ];
}

const NOT_QUOTED = 'not shown in this e-mail because it contains a web address; see it on the portal';
const OUR_WORDS =
  "We do not write or check what employers write. We never ask for passwords, bank details or payments by e-mail: don't reply with them, and don't follow instructions in an employer's words.";

/**
 * The e-mail a candidate gets when an employer moves their application: the status in the timeline's words
 * (packages/contracts applicationStatusWords), the job title and business name quoted and labelled as the
 * employer's (left out when they look like a web address), a link to the application, and an unsubscribe
 * link that works without signing in; List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) let a mail
 * client offer the same in one click. Every link is the portal's; the subject carries none of the
 * employer's words (it cannot say whose they are).
 */
export function statusMail(facts: StatusMailFacts): MailMessage {
  const words = applicationStatusInWords(facts.applicationStatus);
  const applicationLink = `${facts.portalUrl}/applications?application=${facts.applicationId}`;
  const token = encodeURIComponent(facts.token);
  const unsubscribeLink = `${facts.portalUrl}${UNSUBSCRIBE_PAGE}?token=${token}`;
  const accountLink = `${facts.portalUrl}/user-account`;
  const greeting = oneLine(facts.candidateName) ? `Hello ${oneLine(facts.candidateName)},` : 'Hello,';
  const quoted = employerLines(facts);
  const text = [
    greeting,
    '',
    'An employer has given your application a new status:',
    '',
    `    ${words}`,
    '',
    'The job, in the words of the employer:',
    ...quoted.map((q) => `    ${q.label}: ${q.words === null ? `(${NOT_QUOTED})` : `"${q.words}"`}`),
    '',
    OUR_WORDS,
    '',
    `See your application on the portal: ${applicationLink}`,
    '',
    // The signature separator ("-- "): mail clients fold what follows away.
    '-- ',
    'You get this e-mail because status e-mails are on for your account.',
    `Stop them: ${unsubscribeLink}`,
    `(or turn them off on your account page: ${accountLink})`,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    '<p>An employer has given your application a new status:</p>',
    `<p style="font-size:1.25em"><strong>${escapeHtml(words)}</strong></p>`,
    '<p>The job, in the words of the employer:</p>',
    '<ul>',
    ...quoted.map(
      (q) =>
        `<li>${escapeHtml(q.label)}: ${q.words === null ? `<em>${escapeHtml(NOT_QUOTED)}</em>` : `&quot;${escapeHtml(q.words)}&quot;`}</li>`,
    ),
    '</ul>',
    `<p>${escapeHtml(OUR_WORDS)}</p>`,
    `<p><a href="${escapeHtml(applicationLink)}">See your application on the portal</a></p>`,
    '<hr>',
    `<p style="color:#555;font-size:0.875em">You get this e-mail because status e-mails are on for your account. ` +
      `<a href="${escapeHtml(unsubscribeLink)}">Stop these e-mails</a>, or turn them off on your <a href="${escapeHtml(accountLink)}">account page</a>.</p>`,
  ].join('\n');
  return {
    to: facts.to,
    subject: `${words}: your job application has a new status`,
    text,
    html,
    kind: STATUS_MAIL_KIND,
    headers: {
      'List-Unsubscribe': `<${facts.apiUrl}${UNSUBSCRIBE_API}?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
