import type { JobApplication } from '@careers/contracts/candidate';
import { ApplicationStatus } from '@careers/contracts/enum-values';
import { formatChosenDay, formatDate } from '../../lib/format';
import { dayIn, ownTimeZone, rangeIn } from '../../lib/interview-times';
import { applicationPath } from '../../lib/paths';
import { describeApplicationStatus, type ApplicationStatusText } from './application-status';
import { WITHDRAWN_STATUS, isWithdrawn } from './withdrawal';

/*
 * One story of an application (docs/decisions/0547): what happened to its job in one line, the one question
 * that waits for the candidate, and the badge, read from the same fields on the application's page, its card
 * and home, so the three never tell it apart.
 */

/** The badge: withdrawn, the job closed (its outcome not given yet), or the status the employer gave. */
export function applicationBadge(application: JobApplication): ApplicationStatusText {
  if (isWithdrawn(application)) return WITHDRAWN_STATUS;
  const decided = [ApplicationStatus.Hired, ApplicationStatus.Reject] as number[];
  if (application.jobClosed && !decided.includes(application.applicationStatus))
    return { label: 'Job closed', tone: 'neutral' };
  return describeApplicationStatus(application.applicationStatus);
}

/** When an interview is, in the reader's zone ('Tue 23 Mar 2027, 09:00–09:45'). */
export function interviewWhen(interview: { startsAt: string | null; endsAt: string | null }, zone = ownTimeZone()) {
  if (!interview.startsAt) return null;
  return `${dayIn(interview.startsAt, zone)}, ${rangeIn(interview.startsAt, interview.endsAt ?? interview.startsAt, zone)}`;
}

const OUTCOME: Record<'filled' | 'closed', string> = {
  filled: 'the position was filled',
  closed: 'it closed it without a decision',
};

/** The one line on what happened to the job; null while it is open (or after a withdrawal, which is its own story). */
export function closeLine(application: JobApplication, now = Date.now()): string | null {
  const closed = application.jobClosed;
  if (!closed || isWithdrawn(application)) return null;
  const business = application.business.name;
  const parts = [`${business} closed this job on ${formatDate(closed.on)}: ${OUTCOME[closed.outcome]}.`];
  const interview = application.interview;
  const when = interview ? interviewWhen(interview) : null;
  if (interview?.cancelledOnClose)
    parts.push(when ? `Your interview on ${when} is cancelled.` : 'Your interview invitation is cancelled.');
  else if (interview?.status === 'booked' && when && Date.parse(interview.endsAt ?? interview.startsAt!) > now)
    parts.push(`Your interview on ${when} still goes ahead.`);
  const keep = application.keepOnFile;
  if (application.endingReason || application.applicationStatus === ApplicationStatus.Reject)
    parts.push('This is the final outcome of your application.');
  else if (application.applicationStatus === ApplicationStatus.Hired) parts.push('You were hired.');
  else if (keep?.answer === 'agreed')
    parts.push(`You are kept on file until ${formatChosenDay(keep.until)}, as you agreed.`);
  else if (!keep || keep.answer === 'declined')
    parts.push('Your application ends with it: you are told the outcome here within the day.');
  return parts.join(' ');
}

export interface WaitingQuestion {
  key: string;
  text: string;
  /** Where it is answered: the section of the application's page. */
  to: string;
  link: string;
}

/** The one question that waits for the candidate on this application, if any: the most pressing first. */
export function waitingQuestion(application: JobApplication): WaitingQuestion | null {
  if (isWithdrawn(application) || application.endingReason) return null;
  const where = `${application.job.title} at ${application.business.name}`;
  const keep = application.keepOnFile;
  if (keep && keep.answer === null)
    return {
      key: `keep-${application.id}`,
      text: `${application.business.name} asks to keep your application for ${application.job.title} on file until ${formatChosenDay(keep.until)}. Do you agree?`,
      to: `${applicationPath(application.id)}#keep-on-file`,
      link: 'Answer',
    };
  if (application.interview?.status === 'invited')
    return {
      key: `interview-${application.id}`,
      text: `${application.business.name} invites you to an interview for ${where}. Choose a time.`,
      to: `${applicationPath(application.id)}#interview`,
      link: 'Choose a time',
    };
  return null;
}

/** A booked interview still to come, for home's next steps. */
export function upcomingInterview(application: JobApplication, now = Date.now()): string | null {
  const interview = application.interview;
  if (isWithdrawn(application) || interview?.status !== 'booked' || !interview.startsAt) return null;
  if (Date.parse(interview.endsAt ?? interview.startsAt) <= now) return null;
  return `Your interview for ${application.job.title} at ${application.business.name}: ${interviewWhen(interview)}.`;
}
