import { z } from 'zod';
import { idSchema, isoDateSchema } from './common';
import { REPLY_WITHIN_DAYS_MAX, REPLY_WITHIN_DAYS_MIN } from './fair-endings-words';

export * from './fair-endings-words';

/*
 * Issue 29 items 2 and 3: no silent endings and reply times (docs/decisions/0410-0414). The fields here are
 * spread into the job and application schemas of candidate.ts, employer.ts and careers.ts.
 */

export const replyWithinDaysSchema = z
  .number()
  .int('The reply time is a whole number of days.')
  .min(REPLY_WITHIN_DAYS_MIN, `The reply time is ${REPLY_WITHIN_DAYS_MIN} to ${REPLY_WITHIN_DAYS_MAX} days.`)
  .max(REPLY_WITHIN_DAYS_MAX, `The reply time is ${REPLY_WITHIN_DAYS_MIN} to ${REPLY_WITHIN_DAYS_MAX} days.`);

export const endingReasonSchema = z.enum(['filled', 'closed']);

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
  /** The job's close as the candidate is told it (decision 0547): when and why; null while the job is open. */
  jobClosed: z.object({ on: isoDateSchema, outcome: endingReasonSchema }).nullable().optional(),
};

/** What the employer does with an open interview of the job it closes (decision 0547). */
export const closeInterviewChoiceSchema = z.enum(['cancel', 'keep']);
export type CloseInterviewChoice = z.infer<typeof closeInterviewChoiceSchema>;

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
  /**
   * One choice for each open interview of the job (invited, or booked and not over; the preview lists them):
   * cancel tells the candidate (and the interviewer) as a cancel by the employer does; keep leaves it as it is.
   */
  interviews: z
    .array(z.object({ interviewId: idSchema, choice: closeInterviewChoiceSchema }))
    .max(500)
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
  /** The job's open interviews, each of which needs a choice in the close (decision 0547). */
  interviews: z.array(
    z.object({
      id: idSchema,
      applicationId: idSchema,
      candidateName: z.string(),
      status: z.enum(['invited', 'booked']),
      startsAt: isoDateSchema.nullable(),
      timeZone: z.string(),
    }),
  ),
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
