import { oneLine, quotableEmployerWords } from '@careers/server-kit/employer-words';
import type { MailMessage } from '@careers/server-kit/mail';
import { contactUrl, renderMail, type MailBlock } from '@careers/server-kit/mail-layout';
import { invitationIcs, type CalendarEvent } from './ics';
import type { InterviewMailKind, Recipient } from './interviews.repository';
import type { GoneInterview } from './interviews.tables';

/**
 * The interview e-mails (docs/decisions/0433): the candidate's invitation to choose a time, and to both sides
 * the booking, a reschedule, a cancel and the reminder, each of the last four with the calendar invitation
 * attached. The employer's words (job title, business name, where) are labelled as theirs, quoted only when
 * a mail client cannot make a link of them (docs/decisions/0237); a video link is in the attachment and on
 * the portal, never in the e-mail's text.
 */

export const INTERVIEW_MAIL_KIND = 'interview';

export interface InterviewMailFacts {
  kind: InterviewMailKind;
  recipient: Recipient;
  interviewId: string;
  applicationId: string;
  sequence: number;
  start: Date | null;
  end: Date | null;
  candidate: { name: string; email: string };
  interviewer: { name: string; email: string };
  jobTitle: string;
  businessName: string;
  locationKind: string;
  location: string;
  timeZone: string;
  portalUrl: string;
  contactEmail?: string | undefined;
  /** The product's domain, for the calendar UID. */
  uidDomain: string;
  now: Date;
}

/** "Monday 29 March 2027, 09:00 (Europe/London)". */
export function whenInZone(date: Date, timeZone: string): string {
  const text = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
  return `${text} (${timeZone})`;
}

const NOT_QUOTED = '(not shown in this email because it contains a web address; see it on the portal)';
const OUR_WORDS =
  "We do not write or check what employers write. We never ask for passwords, bank details or payments by email: don't reply with them, and don't follow instructions in an employer's words.";

function where(facts: Pick<InterviewMailFacts, 'locationKind' | 'location'>): { label: string; value: string } {
  if (facts.locationKind === 'video')
    return {
      label: 'Where',
      value: 'A video call: the link is in the attached calendar invitation and on the portal',
    };
  const words = quotableEmployerWords(facts.location);
  return {
    label:
      facts.locationKind === 'phone' ? 'Phone number as written by the employer' : 'Address as written by the employer',
    value: words === null ? NOT_QUOTED : `"${words}"`,
  };
}

type EventFacts = Pick<
  InterviewMailFacts,
  'interviewId' | 'uidDomain' | 'sequence' | 'now' | 'jobTitle' | 'businessName' | 'locationKind' | 'location'
> & { start: Date; end: Date };

/** What every calendar event of an interview says: its UID, time, summary and place (and the words it used). */
function eventOf(facts: EventFacts) {
  const title = oneLine(facts.jobTitle).slice(0, 200);
  const business = oneLine(facts.businessName).slice(0, 200);
  const fields = {
    uid: `interview-${facts.interviewId}@${facts.uidDomain}`,
    sequence: facts.sequence,
    start: facts.start,
    end: facts.end,
    stamp: facts.now,
    summary: `Interview: ${title} at ${business}`,
    location: facts.locationKind === 'phone' ? `Phone: ${oneLine(facts.location)}` : facts.location,
  };
  return { title, business, fields };
}

type FactFacts = Pick<
  InterviewMailFacts,
  'start' | 'end' | 'timeZone' | 'locationKind' | 'location' | 'jobTitle' | 'businessName'
>;

/** The e-mail's facts of an interview: when and how long (once booked), where, the job and the business. */
function interviewFacts(facts: FactFacts): { label: string; value: string }[] {
  const quoted = (words: string | null) => (words === null ? NOT_QUOTED : `"${words}"`);
  return [
    ...(facts.start && facts.end
      ? [
          { label: 'When', value: whenInZone(facts.start, facts.timeZone) },
          { label: 'Length', value: `${Math.round((facts.end.getTime() - facts.start.getTime()) / 60_000)} minutes` },
        ]
      : []),
    where(facts),
    { label: 'Job title as written by the employer', value: quoted(quotableEmployerWords(facts.jobTitle)) },
    { label: 'Business name as written by the employer', value: quoted(quotableEmployerWords(facts.businessName)) },
  ];
}

export function calendarEvent(facts: InterviewMailFacts): CalendarEvent | null {
  if (!facts.start || !facts.end) return null;
  const { title, business, fields } = eventOf({ ...facts, start: facts.start, end: facts.end });
  return {
    ...fields,
    description: `Interview with ${facts.candidate.name} for ${title} at ${business}, booked on the Careers Portal. Candidate's page: ${facts.portalUrl}/applications/${facts.applicationId}`,
    organizer: facts.interviewer,
    attendee: facts.candidate,
    cancelled: facts.kind === 'cancelled',
  };
}

const SUBJECT: Record<InterviewMailKind, string> = {
  invitation: 'Choose a time for your interview',
  booked: 'Interview booked',
  rescheduled: 'Interview moved to a new time',
  cancelled: 'Interview cancelled',
  reminder: 'Interview reminder: tomorrow',
};

export function interviewMail(facts: InterviewMailFacts): MailMessage {
  const toCandidate = facts.recipient === 'candidate';
  const business = quotableEmployerWords(facts.businessName);
  const link = toCandidate
    ? `${facts.portalUrl}/applications/${facts.applicationId}`
    : `${facts.portalUrl}/employer/applications/${facts.applicationId}`;
  const facts_ = [
    ...interviewFacts(facts),
    ...(toCandidate ? [] : [{ label: 'Candidate', value: oneLine(facts.candidate.name).slice(0, 200) }]),
  ];
  const lead: Record<InterviewMailKind, string> = {
    invitation:
      'You are invited to an interview for your application. Choose one of the open times on your application’s page; the time you choose is booked at once.',
    booked: toCandidate
      ? 'Your interview is booked. The calendar invitation is attached: open it to add the interview to your calendar.'
      : 'A candidate booked an interview with you. The calendar invitation is attached.',
    rescheduled: 'The interview has moved to a new time. The attached invitation updates the one in your calendar.',
    cancelled: 'The interview was cancelled. The attached notice removes it from your calendar.',
    reminder: 'This is a reminder of your interview in about 24 hours.',
  };
  const body: MailBlock[] = [
    toCandidate ? `Hello ${oneLine(facts.candidate.name).slice(0, 100)},` : 'Hello,',
    lead[facts.kind],
    { facts: facts_ },
    ...(toCandidate ? [{ note: OUR_WORDS }] : []),
  ];
  const message = renderMail({
    to: toCandidate ? facts.candidate.email : facts.interviewer.email,
    kind: `${INTERVIEW_MAIL_KIND} ${facts.kind}`,
    subject: SUBJECT[facts.kind],
    preview: lead[facts.kind],
    business: toCandidate && business !== null ? { name: business } : undefined,
    heading: SUBJECT[facts.kind],
    body,
    button: {
      label: facts.kind === 'invitation' ? 'Choose a time' : 'See the interview on the portal',
      url: link,
    },
    footer: {
      why: toCandidate
        ? 'You got this e-mail because of your application on the Careers Portal.'
        : 'You got this e-mail because you interview for your business on the Careers Portal.',
      contactUrl: contactUrl(facts.portalUrl, facts.contactEmail),
    },
  });
  const event = facts.kind === 'invitation' || facts.kind === 'reminder' ? null : calendarEvent(facts);
  if (!event) return message;
  const method = event.cancelled ? 'CANCEL' : 'REQUEST';
  return {
    ...message,
    attachments: [
      {
        filename: event.cancelled ? 'cancel.ics' : 'invite.ics',
        contentType: `text/calendar; charset=utf-8; method=${method}`,
        content: invitationIcs(event),
      },
    ],
  };
}

const GONE_LEAD =
  'The interview was cancelled: the candidate’s application was deleted, by the candidate or under your business’s retention rule. The attached notice removes it from your calendar.';

/**
 * To the interviewer, when a booked interview's application is deleted (docs/decisions/0436): the cancel,
 * with the interview as it was and nothing of the candidate (their data is gone), and the calendar notice.
 */
export function goneInterviewMail(facts: {
  gone: GoneInterview;
  sequence: number;
  start: Date;
  end: Date;
  portalUrl: string;
  contactEmail?: string | undefined;
  uidDomain: string;
  now: Date;
}): MailMessage {
  const { gone } = facts;
  const message = renderMail({
    to: gone.interviewerEmail,
    kind: `${INTERVIEW_MAIL_KIND} cancelled`,
    subject: SUBJECT.cancelled,
    preview: GONE_LEAD,
    heading: SUBJECT.cancelled,
    body: ['Hello,', GONE_LEAD, { facts: interviewFacts({ ...gone, start: facts.start, end: facts.end }) }],
    button: { label: 'See your interviews on the portal', url: `${facts.portalUrl}/employer/interviews` },
    footer: {
      why: 'You got this e-mail because you interview for your business on the Careers Portal.',
      contactUrl: contactUrl(facts.portalUrl, facts.contactEmail),
    },
  });
  const { fields } = eventOf({ ...gone, ...facts });
  const event: CalendarEvent = {
    ...fields,
    description: 'Cancelled: the application was deleted.',
    organizer: { name: gone.interviewerName, email: gone.interviewerEmail },
    cancelled: true,
  };
  return {
    ...message,
    attachments: [
      {
        filename: 'cancel.ics',
        contentType: 'text/calendar; charset=utf-8; method=CANCEL',
        content: invitationIcs(event),
      },
    ],
  };
}
