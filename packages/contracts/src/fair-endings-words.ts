/*
 * The words, bounds and arithmetic of job endings and reply times (docs/decisions/0410-0414), without zod:
 * the portal's pages import these; fair-endings.ts re-exports them beside the schemas.
 */

/** "We reply within N days": the employer's promise on each job, 14 days unless they set it. */
export const REPLY_WITHIN_DAYS_DEFAULT = 14;
export const REPLY_WITHIN_DAYS_MIN = 1;
export const REPLY_WITHIN_DAYS_MAX = 90;

/** The median on the careers page is shown from this many data points in the window on (decision 0414). */
export const MEDIAN_MIN_DATA_POINTS = 10;
export const MEDIAN_WINDOW_DAYS = 90;

/** Why an application ended with its job: the reason on SPEC's final status (Reject), never a status of its own. */
export type EndingReason = 'filled' | 'closed';
export const ENDING_REASON_WORDS: Record<EndingReason, string> = {
  filled: 'The position was filled',
  closed: 'The job was closed without a decision',
};

/** How long an employer may keep a candidate on file (decision 0411), and how long the candidate has to agree. */
export const KEEP_ON_FILE_MAX_DAYS = 365;
export const KEEP_ON_FILE_ANSWER_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Where an application stands against its job's promise at `now` (both sides show it the same way):
 * null when it no longer awaits a reply; else how many whole days it has waited and whether that is past
 * the promise.
 */
export function replyState(
  application: {
    appliedOn: string;
    replyWithinDays?: number | undefined;
    replyDueOn?: string | undefined;
    awaitingReply?: boolean | undefined;
  },
  now: number,
): { waitedDays: number; promisedDays: number; overdue: boolean } | null {
  if (!application.awaitingReply || !application.replyDueOn) return null;
  return {
    waitedDays: Math.max(0, Math.floor((now - Date.parse(application.appliedOn)) / DAY_MS)),
    promisedDays: application.replyWithinDays ?? REPLY_WITHIN_DAYS_DEFAULT,
    overdue: now > Date.parse(application.replyDueOn),
  };
}

/** "1 day", "5 days". */
export const daysInWords = (days: number) => (days === 1 ? '1 day' : `${days} days`);
