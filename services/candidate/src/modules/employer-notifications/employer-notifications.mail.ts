import type { EmployerNoticeKind } from '@careers/contracts/employer-notifications';
import { quotableEmployerWords } from '@careers/server-kit/employer-words';
import type { MailMessage } from '@careers/server-kit/mail';
import { contactUrl, renderMail, type MailBlock } from '@careers/server-kit/mail-layout';

/*
 * The employer's e-mails of what candidates did (docs/decisions/0497): one at once per event, or the daily
 * digest. The candidate's words (their name, a withdrawal's reason) are written as the employer's are to
 * candidates (decisions 0237, 0557): plainly, on one line, no hidden characters, left out when a mail client
 * could make a link of them; no subject carries them. A reply's text never is in the e-mail: it is read in
 * the console.
 */

export const EMPLOYER_NOTICE_MAIL_KIND = 'employer notice';
export const EMPLOYER_DIGEST_MAIL_KIND = 'employer digest';

const DAY_MS = 24 * 60 * 60 * 1000;
const NOT_SHOWN = '(not shown in this email because it contains a web address; see it in the console)';
const WHY =
  'You get this email as a member of the business’s team on the Careers Portal. Choose which emails you get under E-mails in the console.';

export type BookingDetail = 'booked' | 'moved' | 'cancelled';

/** The facts of one event, as read when its e-mail or digest line is written. */
export interface EventFacts {
  kind: EmployerNoticeKind;
  detail: string | null;
  applicationId: string;
  jobTitle: string;
  candidateName: string;
  withdrawalReason: string | null;
}

const quoted = (words: string | null) => {
  if (words === null) return NOT_SHOWN;
  return quotableEmployerWords(words) ?? NOT_SHOWN;
};

/** The console's page of one application. */
export const consoleApplicationUrl = (portalUrl: string, applicationId: string) =>
  `${portalUrl}/employer/applications/${encodeURIComponent(applicationId)}`;

/** What happened, in a few words, without the candidate's. */
function whatHappened(facts: Pick<EventFacts, 'kind' | 'detail'>): string {
  switch (facts.kind) {
    case 'newApplication':
      return 'A candidate applied';
    case 'candidateReply':
      return 'A candidate replied to your team’s message';
    case 'withdrawal':
      return 'A candidate withdrew their application';
    case 'bookingChange':
      if (facts.detail === 'moved') return 'A candidate moved their interview';
      if (facts.detail === 'cancelled') return 'A candidate cancelled their interview';
      return 'A candidate booked an interview';
  }
}

function eventLines(facts: EventFacts): { label: string; value: string }[] {
  const lines = [
    { label: 'Candidate', value: quoted(facts.candidateName) },
    { label: 'Job', value: quoted(facts.jobTitle) },
  ];
  if (facts.kind === 'withdrawal')
    lines.push({
      label: 'Their reason',
      value: facts.withdrawalReason?.trim() ? quoted(facts.withdrawalReason) : 'They gave no reason.',
    });
  return lines;
}

const LEAD: Record<EmployerNoticeKind, string> = {
  newApplication: 'A new application is waiting for your reply.',
  candidateReply: 'Read the reply and answer it in the console.',
  withdrawal: 'The application stays in the console, marked as withdrawn.',
  bookingChange: 'The interview on the application’s page shows the change.',
};

/** The e-mail sent at once about one event. */
export function employerNoticeMail(
  facts: EventFacts & {
    to: string;
    businessName: string;
    /** The business's logo, when it has one. */
    logoUrl?: string | undefined;
    portalUrl: string;
    contactEmail?: string | undefined;
  },
): MailMessage {
  const business = quotableEmployerWords(facts.businessName);
  const heading = whatHappened(facts);
  return renderMail({
    to: facts.to,
    kind: EMPLOYER_NOTICE_MAIL_KIND,
    subject: heading,
    preview: LEAD[facts.kind],
    business: business === null ? undefined : { name: business, logoUrl: facts.logoUrl },
    heading,
    body: [LEAD[facts.kind], { facts: eventLines(facts) }],
    button: { label: 'Open the application', url: consoleApplicationUrl(facts.portalUrl, facts.applicationId) },
    footer: { why: WHY, contactUrl: contactUrl(facts.portalUrl, facts.contactEmail) },
  });
}

/** "due in 2 days", "due today", "overdue by 1 day": an application's wait against its job's promise. */
export function promiseWords(appliedAt: Date, replyWithinDays: number, now: Date): string {
  const due = appliedAt.getTime() + replyWithinDays * DAY_MS;
  const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);
  if (due >= now.getTime()) {
    const left = Math.floor((due - now.getTime()) / DAY_MS);
    return left === 0 ? 'reply due today' : `reply due in ${days(left)}`;
  }
  return `overdue by ${days(Math.max(1, Math.floor((now.getTime() - due) / DAY_MS)))}`;
}

export interface WaitingApplication {
  applicationId: string;
  jobTitle: string;
  candidateName: string;
  appliedAt: Date;
  replyWithinDays: number;
}

/** The daily digest: the applications still waiting with their promise, then what happened since the last one. */
export function employerDigestMail(facts: {
  to: string;
  businessName: string;
  /** The business's logo, when it has one. */
  logoUrl?: string | undefined;
  waiting: WaitingApplication[];
  /** How many wait in all (the list shows the first of them). */
  waitingTotal: number;
  events: EventFacts[];
  now: Date;
  portalUrl: string;
  contactEmail?: string | undefined;
}): MailMessage {
  const business = quotableEmployerWords(facts.businessName);
  const link = (applicationId: string) => consoleApplicationUrl(facts.portalUrl, applicationId);
  const body: MailBlock[] = [];
  const n = facts.waitingTotal;
  if (n > 0) {
    body.push(n === 1 ? '1 application waits for your reply:' : `${n} applications wait for your reply:`);
    body.push({
      links: facts.waiting.map((w) => ({
        label: `${quoted(w.candidateName)} for ${quoted(w.jobTitle)}`,
        url: link(w.applicationId),
        detail: promiseWords(w.appliedAt, w.replyWithinDays, facts.now),
      })),
    });
    if (n > facts.waiting.length) body.push(`And ${n - facts.waiting.length} more: see your jobs in the console.`);
  }
  if (facts.events.length > 0) {
    body.push('Since your last digest:');
    body.push({
      links: facts.events.map((e) => ({
        label: `${whatHappened(e)}: ${quoted(e.candidateName)} for ${quoted(e.jobTitle)}`,
        url: link(e.applicationId),
        ...(e.kind === 'withdrawal'
          ? { detail: e.withdrawalReason?.trim() ? `Reason: ${quoted(e.withdrawalReason)}` : 'No reason given.' }
          : {}),
      })),
    });
  }
  body.push({ note: 'Names, titles and reasons are shown as written; any with a web address are left out.' });
  const subject =
    n > 0
      ? `Your daily digest: ${n === 1 ? '1 application waits' : `${n} applications wait`} for your reply`
      : 'Your daily digest of what candidates did';
  return renderMail({
    to: facts.to,
    kind: EMPLOYER_DIGEST_MAIL_KIND,
    subject,
    preview: 'What waits for your team on the Careers Portal today.',
    business: business === null ? undefined : { name: business, logoUrl: facts.logoUrl },
    heading: 'Your daily digest',
    body,
    button: { label: 'Open the console', url: `${facts.portalUrl}/employer` },
    footer: { why: WHY, contactUrl: contactUrl(facts.portalUrl, facts.contactEmail) },
  });
}
