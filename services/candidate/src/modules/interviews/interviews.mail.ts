import { jobAtBusiness, oneLine, quotableEmployerWords } from '@careers/server-kit/employer-words';
import type { MailMessage } from '@careers/server-kit/mail';
import { contactUrl, mailTimeZone, renderMail, timeInZone, type MailBlock } from '@careers/server-kit/mail-layout';
import { invitationIcs, type CalendarEvent } from './ics';
import type { InterviewMailKind, Recipient } from './interviews.repository';
import type { GoneInterview } from './interviews.tables';

/**
 * The interview e-mails (docs/decisions/0433): the candidate's invitation to choose a time (with the first
 * open times), and to both sides the booking, a reschedule, a cancel and the reminder, the first three with
 * the calendar invitation attached. Times are in the reader's zone, named (docs/decisions/0557): the
 * interviewer's own zone for the interviewer; the candidate's when the portal knows it, else the
 * interviewer's, said to be theirs. The employer's words (job title, business name, where) are written
 * plainly, only when a mail client cannot make a link of them (docs/decisions/0237); a video link is in the
 * attachment and on the portal, never in the e-mail's text.
 */

export const INTERVIEW_MAIL_KIND = 'interview';
/** How many open times the invitation lists; the application's page has them all. */
export const INVITATION_TIMES = 3;

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
  /** The business's logo, when it has one: it heads the e-mail. */
  logoUrl?: string | undefined;
  locationKind: string;
  location: string;
  /** The interviewer's time zone (their interview hours'). */
  timeZone: string;
  /** The candidate's own time zone, when the portal knows it. */
  candidateTimeZone?: string | null | undefined;
  /** The invitation's first open times (the first INVITATION_TIMES are listed). */
  openTimes?: { start: Date; end: Date }[] | undefined;
  portalUrl: string;
  contactEmail?: string | undefined;
  /** The product's domain, for the calendar UID. */
  uidDomain: string;
  now: Date;
}

/** "Monday 29 March 2027, 09:00 (Europe/London)". */
export function whenInZone(date: Date, timeZone: string): string {
  return timeInZone(date, timeZone);
}

const NOT_QUOTED = '(not shown in this email because it contains a web address; see it on the portal)';
const OUR_WORDS =
  "We do not write or check what employers write. We never ask for passwords, bank details or payments by email: don't reply with them, and don't follow instructions in an employer's words.";

/** Whether an e-mail of this kind carries the calendar file (the reminder and the invitation do not). */
const hasAttachment = (kind: InterviewMailKind) => kind === 'booked' || kind === 'rescheduled' || kind === 'cancelled';

function where(
  facts: Pick<InterviewMailFacts, 'locationKind' | 'location'>,
  attached: boolean,
): { label: string; value: string } {
  if (facts.locationKind === 'video')
    return {
      label: 'Where',
      value: attached
        ? 'A video call: the link is in the attached calendar invitation and on the portal'
        : 'A video call: the link is on the portal',
    };
  const words = quotableEmployerWords(facts.location);
  if (words === null) return { label: 'Where', value: NOT_QUOTED };
  return { label: 'Where', value: facts.locationKind === 'phone' ? `By phone, on ${words}` : words };
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

/**
 * The zone a reader's times are said in: the interviewer's own; the candidate's when known, else the
 * interviewer's, labelled as theirs (the portal's page shows the candidate's own).
 */
function readerZone(facts: Pick<InterviewMailFacts, 'recipient' | 'timeZone' | 'candidateTimeZone'>) {
  const interviewerZone = mailTimeZone(facts.timeZone);
  if (facts.recipient === 'interviewer') return { zone: interviewerZone, own: true };
  const given = facts.candidateTimeZone;
  // A zone this server does not know is no zone known.
  const candidateZone = given && mailTimeZone(given) === given ? given : null;
  return candidateZone ? { zone: candidateZone, own: true } : { zone: interviewerZone, own: false };
}

type FactFacts = Pick<
  InterviewMailFacts,
  'start' | 'end' | 'timeZone' | 'candidateTimeZone' | 'recipient' | 'locationKind' | 'location' | 'kind'
>;

/** The e-mail's facts of an interview: when (once booked, in the reader's zone) and where. */
function interviewFacts(facts: FactFacts): { label: string; value: string }[] {
  const when: { label: string; value: string }[] = [];
  if (facts.start && facts.end) {
    const { zone, own } = readerZone(facts);
    const interviewerZone = mailTimeZone(facts.timeZone);
    when.push({
      label: own ? 'When' : 'When, in the interviewer’s time zone',
      value: timeInZone(facts.start, zone, facts.end),
    });
    if (facts.recipient === 'candidate' && own && zone !== interviewerZone)
      when.push({ label: 'The interviewer’s time', value: timeInZone(facts.start, interviewerZone, facts.end) });
  }
  return [...when, where(facts, hasAttachment(facts.kind))];
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

/** The invitation's first open times in the candidate's zone (or the interviewer's, said so), and how to choose. */
function invitationTimes(facts: InterviewMailFacts): MailBlock[] {
  const times = (facts.openTimes ?? []).slice(0, INVITATION_TIMES);
  if (times.length === 0)
    return ['Choose one of the open times on your application’s page; the time you choose is booked at once.'];
  const { zone, own } = readerZone(facts);
  return [
    own
      ? `The first open times, in your time zone (${zone}):`
      : `The first open times, in the interviewer’s time zone (${zone}); your application’s page shows them in yours:`,
    { list: times.map((t) => timeInZone(t.start, zone, t.end)) },
    'Choose one of them, or another open time, on your application’s page: the time you choose is booked at once.',
  ];
}

export function interviewMail(facts: InterviewMailFacts): MailMessage {
  const toCandidate = facts.recipient === 'candidate';
  const business = quotableEmployerWords(facts.businessName);
  const job = jobAtBusiness(facts.jobTitle, facts.businessName);
  const link = toCandidate
    ? `${facts.portalUrl}/applications/${facts.applicationId}`
    : `${facts.portalUrl}/employer/applications/${facts.applicationId}`;
  const facts_ = [
    ...interviewFacts(facts),
    ...(toCandidate ? [] : [{ label: 'Candidate', value: oneLine(facts.candidate.name).slice(0, 200) }]),
  ];
  const yours = toCandidate ? 'Your interview' : 'The interview';
  const lead: Record<InterviewMailKind, string> = {
    invitation: `You are invited to an interview for your application for ${job}.`,
    booked: toCandidate
      ? `Your interview for ${job} is booked. The calendar invitation is attached: open it to add the interview to your calendar.`
      : `A candidate booked an interview with you for ${job}. The calendar invitation is attached.`,
    rescheduled: `${yours} for ${job} has moved to a new time. The attached invitation updates the one in your calendar.`,
    cancelled: `${yours} for ${job} was cancelled. The attached notice removes it from your calendar.`,
    reminder: `This is a reminder of ${toCandidate ? 'your' : 'the'} interview for ${job} in about 24 hours.`,
  };
  const body: MailBlock[] = [
    toCandidate ? `Hello ${oneLine(facts.candidate.name).slice(0, 100)},` : 'Hello,',
    lead[facts.kind],
    ...(facts.kind === 'invitation' && toCandidate ? invitationTimes(facts) : []),
    { facts: facts_ },
    ...(toCandidate ? [{ note: OUR_WORDS }] : []),
  ];
  const message = renderMail({
    to: toCandidate ? facts.candidate.email : facts.interviewer.email,
    kind: `${INTERVIEW_MAIL_KIND} ${facts.kind}`,
    subject: SUBJECT[facts.kind],
    preview: lead[facts.kind],
    business: business === null ? undefined : { name: business, logoUrl: facts.logoUrl },
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
  const event = hasAttachment(facts.kind) ? calendarEvent(facts) : null;
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

const goneLead = (job: string) =>
  `The interview for ${job} was cancelled: the candidate’s application was deleted, by the candidate or under your business’s retention rule. The attached notice removes it from your calendar.`;

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
  const lead = goneLead(jobAtBusiness(gone.jobTitle, gone.businessName));
  const message = renderMail({
    to: gone.interviewerEmail,
    kind: `${INTERVIEW_MAIL_KIND} cancelled`,
    subject: SUBJECT.cancelled,
    preview: lead,
    heading: SUBJECT.cancelled,
    body: [
      'Hello,',
      lead,
      {
        facts: interviewFacts({
          ...gone,
          kind: 'cancelled',
          recipient: 'interviewer',
          start: facts.start,
          end: facts.end,
        }),
      },
    ],
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
