import { z } from 'zod';
import { idSchema, isoDateSchema } from './common';
import { jobTypeSchema, salaryRateTypeSchema, workplaceSchema } from './enums';
import {
  SCREENING_NUMBER_LIMIT as NUMBER_LIMIT,
  SCREENING_OPTION_MAX,
  SCREENING_OPTIONS_MAX,
  SCREENING_QUESTION_TEXT_MAX,
  SCREENING_QUESTIONS_MAX,
  SCREENING_TEXT_ANSWER_MAX,
  type ScreeningAnswer,
  type ScreeningQuestion,
} from './screening-values';

export * from './screening-values';

/**
 * Screening questions (issue 29 item 1, docs/decisions/0400): the employer asks, the candidate sees every
 * question and every requirement before sending, and nothing is ever refused for an answer. The words
 * below are shared by the apply form, the console and the service so they say the same thing everywhere.
 */
const questionId = z.string().regex(/^[A-Za-z0-9-]{1,40}$/, 'A question id is 1 to 40 letters, digits or dashes.');
const questionText = z.string().trim().min(1, 'Write the question.').max(SCREENING_QUESTION_TEXT_MAX);
const option = z.string().trim().min(1, 'An option cannot be empty.').max(SCREENING_OPTION_MAX);
const limit = z.number().finite().min(-NUMBER_LIMIT).max(NUMBER_LIMIT).nullable().optional();

const base = { text: questionText, required: z.boolean().default(false) };

/** The four kinds of question; `id` is required in answers and stored questions, optional when written. */
const questionOf = <Id extends z.ZodType>(id: Id) =>
  z.discriminatedUnion('kind', [
    /** expected: the answer the job requires (true: yes), if any. */
    z.object({ ...base, id, kind: z.literal('yesNo'), expected: z.boolean().nullable().optional() }),
    /** accepted: the options the job requires one of, if any. */
    z.object({
      ...base,
      id,
      kind: z.literal('oneOf'),
      options: z.array(option).min(2, 'Give at least two options.').max(SCREENING_OPTIONS_MAX),
      accepted: z.array(option).max(SCREENING_OPTIONS_MAX).nullable().optional(),
    }),
    /** min and max: the range the job requires, if any (either end may be open). */
    z.object({ ...base, id, kind: z.literal('number'), min: limit, max: limit }),
    z.object({ ...base, id, kind: z.literal('text') }),
  ]);

export const screeningQuestionSchema = questionOf(questionId);
// The zod-free type of screening-values.ts is this schema's output.
const sameQuestion: z.output<typeof screeningQuestionSchema> extends ScreeningQuestion ? true : never = true;
void sameQuestion;

/** A job's questions as the employer writes them: a question without an id gets q1, q2, … (one not taken). */
export const screeningQuestionsSchema = z
  .array(questionOf(questionId.optional()))
  .max(SCREENING_QUESTIONS_MAX, `A job has at most ${SCREENING_QUESTIONS_MAX} questions.`)
  .transform((questions): ScreeningQuestion[] => {
    const taken = new Set(questions.flatMap((q) => (q.id ? [q.id] : [])));
    let next = 0;
    return questions.map((q) => {
      if (q.id) return q as ScreeningQuestion;
      let id: string;
      do id = `q${++next}`;
      while (taken.has(id));
      taken.add(id);
      return { ...q, id } as ScreeningQuestion;
    });
  })
  .superRefine((questions, ctx) => {
    const ids = new Set<string>();
    questions.forEach((q, index) => {
      if (ids.has(q.id)) ctx.addIssue({ code: 'custom', path: [index, 'id'], message: 'Two questions have one id.' });
      ids.add(q.id);
      if (q.kind === 'oneOf') {
        if (new Set(q.options).size !== q.options.length)
          ctx.addIssue({ code: 'custom', path: [index, 'options'], message: 'Two options are the same.' });
        if (q.accepted?.some((a) => !q.options.includes(a)))
          ctx.addIssue({
            code: 'custom',
            path: [index, 'accepted'],
            message: 'A required option is not among the options.',
          });
      }
      if (q.kind === 'number' && typeof q.min === 'number' && typeof q.max === 'number' && q.max < q.min)
        ctx.addIssue({ code: 'custom', path: [index, 'max'], message: 'The range ends below where it starts.' });
    });
  });

/** An answer as sent: yes/no a boolean, one-of the option's words, a number, a short text. */
export const screeningAnswerSchema = z.object({
  questionId,
  value: z.union([
    z.boolean(),
    z.number().finite().min(-NUMBER_LIMIT).max(NUMBER_LIMIT),
    z.string().trim().max(SCREENING_TEXT_ANSWER_MAX),
  ]),
});
const sameAnswer: z.output<typeof screeningAnswerSchema> extends ScreeningAnswer ? true : never = true;
void sameAnswer;
export const screeningAnswersSchema = z.array(screeningAnswerSchema).max(SCREENING_QUESTIONS_MAX);

/** The ad as the candidate saw it when applying (issue 29 item 4): the words and facts of the job then. */
export const jobAdSchema = z.object({
  title: z.string(),
  description: z.string(),
  businessName: z.string(),
  addressLine1: z.string().nullable().optional(),
  city: z.string().nullable().optional(),
  region: z.string().nullable().optional(),
  state: z.string().nullable().optional(),
  postcode: z.string().nullable().optional(),
  country: z.string().nullable().optional(),
  fullTime: z.boolean().optional(),
  partTime: z.boolean().optional(),
  jobType: jobTypeSchema.optional(),
  remote: z.boolean().optional(),
  workplace: workplaceSchema.optional(),
  salaryRateType: salaryRateTypeSchema.optional(),
  salaryAmount: z.number().nullable().optional(),
  salaryFrom: z.number().nullable().optional(),
  salaryTo: z.number().nullable().optional(),
  salaryCurrency: z.string().nullable().optional(),
  salaryNegotiable: z.boolean().optional(),
});
export type JobAd = z.infer<typeof jobAdSchema>;

export const receiptAnswerSchema = z.object({
  questionId: z.string(),
  question: z.string(),
  /** 'Required for this job: Yes', or null when the question stated no requirement. */
  requirement: z.string().nullable(),
  /** The answer in words; null when it was left out (an optional question). */
  answer: z.string().nullable(),
  meetsRequirement: z.boolean().nullable(),
});
export type ReceiptAnswer = z.infer<typeof receiptAnswerSchema>;

/**
 * GET /job-applications/{id}/record (the candidate's own) and GET /business/applications/{id}/record: the ad
 * as the candidate saw it, which version of the job's ad that was, and the receipt (docs/decisions/0401).
 */
export const applicationRecordSchema = z.object({
  applicationId: idSchema,
  appliedOn: isoDateSchema,
  cvFileName: z.string().nullable(),
  /** The SHA-256 of the CV file sent (hex); null for a CV uploaded before files were hashed. */
  cvSha256: z.string().nullable(),
  /** 1 for the ad as first published, counting each change of its words, facts or questions. */
  adVersion: z.number().int(),
  /** Whether the job's ad has changed since (or the job is gone). */
  adChangedSince: z.boolean(),
  ad: jobAdSchema,
  answers: z.array(receiptAnswerSchema),
  /** The requirements the answers do not meet, in words ('Does not meet: …' on the employer's side). */
  doesNotMeet: z.array(z.string()),
});
export type ApplicationRecord = z.infer<typeof applicationRecordSchema>;

/** The answer of the record routes: null for an application sent before ads and receipts were kept. */
export const applicationRecordAnswerSchema = z.object({ record: applicationRecordSchema.nullable() });
export type ApplicationRecordAnswer = z.infer<typeof applicationRecordAnswerSchema>;
