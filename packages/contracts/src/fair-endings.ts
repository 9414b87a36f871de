import { z } from 'zod';
import { idSchema, isoDateSchema } from './common';

/*
 * Issue 29 items 2 and 3: no silent endings and reply times (docs/decisions/0410-0414). The fields here are
 * spread into the job and application schemas of candidate.ts, employer.ts and careers.ts.
 */

/** "We reply within N days": the employer's promise on each job, 14 days unless they set it. */
export const REPLY_WITHIN_DAYS_DEFAULT = 14;
export const REPLY_WITHIN_DAYS_MIN = 1;
export const REPLY_WITHIN_DAYS_MAX = 90;
export const replyWithinDaysSchema = z
  .number()
  .int('The reply time is a whole number of days.')
  .min(REPLY_WITHIN_DAYS_MIN, `The reply time is ${REPLY_WITHIN_DAYS_MIN} to ${REPLY_WITHIN_DAYS_MAX} days.`)
  .max(REPLY_WITHIN_DAYS_MAX, `The reply time is ${REPLY_WITHIN_DAYS_MIN} to ${REPLY_WITHIN_DAYS_MAX} days.`);

/** The median on the careers page is shown from this many first replies in the window on (decision 0414). */
export const MEDIAN_MIN_DATA_POINTS = 10;
export const MEDIAN_WINDOW_DAYS = 90;

/** Why an application ended with its job: the reason on SPEC's final status (Reject), never a status of its own. */
export const endingReasonSchema = z.enum(['filled', 'closed']);
export type EndingReason = z.infer<typeof endingReasonSchema>;
export const ENDING_REASON_WORDS: Record<EndingReason, string> = {
  filled: 'The position was filled',
  closed: 'The job was closed without a decision',
};

/** How long an employer may keep a candidate on file (decision 0411), and how long the candidate has to agree. */
export const KEEP_ON_FILE_MAX_DAYS = 365;
export const KEEP_ON_FILE_ANSWER_DAYS = 7;

/** The employer's request to keep an application on file, as the candidate and the employer see it. */
export const keepOnFileSchema = z.object({
  until: isoDateSchema,
  askedOn: isoDateSchema,
  /** null: not answered yet (past KEEP_ON_FILE_ANSWER_DAYS unanswered, the application gets its outcome). */
  answer: z.enum(['agreed', 'declined']).nullable(),
});
export type KeepOnFile = z.infer<typeof keepOnFileSchema>;

/** Fields of an application (both sides): the promise, whether it still waits, and how it ended. */
export const applicationFairnessFields = {
  /** The job's "we reply within N days". */
  replyWithinDays: z.number().int().optional(),
  /** The application's date plus the promise. */
  replyDueOn: isoDateSchema.optional(),
  /** Still new (no status given yet), not withdrawn and not ended: past replyDueOn it is overdue. */
  awaitingReply: z.boolean().optional(),
  endingReason: endingReasonSchema.nullable().optional(),
  keepOnFile: keepOnFileSchema.nullable().optional(),
};

/** POST /business/jobs/{id}/close. */
export const closeJobSchema = z.object({
  outcome: endingReasonSchema,
  /** Applications the business asks to keep on file (each candidate is asked to agree), and until when. */
  keepOnFile: z
    .object({
      applicationIds: z.array(idSchema).max(500),
      until: isoDateSchema,
    })
    .optional(),
});
export type CloseJob = z.infer<typeof closeJobSchema>;

/** GET /business/jobs/{id}/close-preview: who will be told what when the job is closed. */
export const closePreviewQuerySchema = z.object({
  outcome: endingReasonSchema.default('filled'),
  /** Comma-separated application ids the business would keep on file. */
  keep: z.string().max(20000).optional(),
});
export const closePreviewSchema = z.object({
  outcome: endingReasonSchema,
  /** Open applications that will get the outcome (by e-mail too, for those whose status e-mails are on). */
  told: z.number().int(),
  /** How many of them get an e-mail. */
  emailed: z.number().int(),
  /** Open applications asked to agree to be kept on file instead. */
  askedToKeep: z.number().int(),
  /** The open applications, for choosing whom to keep. */
  open: z.array(z.object({ id: idSchema, candidateName: z.string(), appliedOn: isoDateSchema })),
});
export type ClosePreview = z.infer<typeof closePreviewSchema>;

/** The candidate's answer to being kept on file: PUT /job-applications/{id}/keep-on-file. */
export const keepOnFileAnswerSchema = z.object({ agree: z.boolean() });

/** The careers page's measured reply time (decision 0414): null until there are enough data points. */
export const measuredReplyTimeSchema = z.object({
  medianDays: z.number().nullable(),
  dataPoints: z.number().int(),
  windowDays: z.number().int(),
});
export type MeasuredReplyTime = z.infer<typeof measuredReplyTimeSchema>;

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
