import { z } from 'zod';
import { idSchema, isoDateSchema } from './common';
import { jobTypeSchema, salaryRateTypeSchema, workplaceSchema } from './enums';

/**
 * Screening questions (issue 29 item 1, docs/decisions/0400): the employer asks, the candidate sees every
 * question and every requirement before sending, and nothing is ever refused for an answer. The words
 * below are shared by the apply form, the console and the service so they say the same thing everywhere.
 */
export const SCREENING_QUESTIONS_MAX = 10;
export const SCREENING_QUESTION_TEXT_MAX = 300;
export const SCREENING_OPTIONS_MAX = 10;
export const SCREENING_OPTION_MAX = 100;
export const SCREENING_TEXT_ANSWER_MAX = 200;
const NUMBER_LIMIT = 1e9;

export const SCREENING_KINDS = ['yesNo', 'oneOf', 'number', 'text'] as const;
export type ScreeningKind = (typeof SCREENING_KINDS)[number];

/** The consequence of not meeting a requirement, said next to every requirement before the candidate sends. */
export const REQUIREMENT_NOT_MET_WORDS =
  'You can still apply if you do not meet it: the employer will see that you do not.';
export const REQUIRED_FOR_THIS_JOB = 'Required for this job';

const questionId = z.string().regex(/^[A-Za-z0-9-]{1,40}$/, 'A question id is 1 to 40 letters, digits or dashes.');
const questionText = z.string().trim().min(1, 'Write the question.').max(SCREENING_QUESTION_TEXT_MAX);
const option = z.string().trim().min(1, 'An option cannot be empty.').max(SCREENING_OPTION_MAX);
const limit = z.number().finite().min(-NUMBER_LIMIT).max(NUMBER_LIMIT).nullable().optional();

const base = { id: questionId, text: questionText, required: z.boolean().default(false) };

export const screeningQuestionSchema = z.discriminatedUnion('kind', [
  /** expected: the answer the job requires (true: yes), if any. */
  z.object({ ...base, kind: z.literal('yesNo'), expected: z.boolean().nullable().optional() }),
  /** accepted: the options the job requires one of, if any. */
  z.object({
    ...base,
    kind: z.literal('oneOf'),
    options: z.array(option).min(2, 'Give at least two options.').max(SCREENING_OPTIONS_MAX),
    accepted: z.array(option).max(SCREENING_OPTIONS_MAX).nullable().optional(),
  }),
  /** min and max: the range the job requires, if any (either end may be open). */
  z.object({ ...base, kind: z.literal('number'), min: limit, max: limit }),
  z.object({ ...base, kind: z.literal('text') }),
]);
export type ScreeningQuestion = z.output<typeof screeningQuestionSchema>;

export const screeningQuestionsSchema = z
  .array(screeningQuestionSchema)
  .max(SCREENING_QUESTIONS_MAX, `A job has at most ${SCREENING_QUESTIONS_MAX} questions.`)
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
export type ScreeningAnswer = z.output<typeof screeningAnswerSchema>;
export const screeningAnswersSchema = z.array(screeningAnswerSchema).max(SCREENING_QUESTIONS_MAX);

/** Whether the question states a requirement the answer can be held against. */
export function hasRequirement(q: ScreeningQuestion): boolean {
  switch (q.kind) {
    case 'yesNo':
      return typeof q.expected === 'boolean';
    case 'oneOf':
      return (q.accepted?.length ?? 0) > 0;
    case 'number':
      return typeof q.min === 'number' || typeof q.max === 'number';
    default:
      return false;
  }
}

const numberWords = (n: number) => new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 }).format(n);

/** 'Required for this job: Yes', '… one of A or B', '… at least 2'; null when the question states none. */
export function requirementWords(q: ScreeningQuestion): string | null {
  if (!hasRequirement(q)) return null;
  switch (q.kind) {
    case 'yesNo':
      return `${REQUIRED_FOR_THIS_JOB}: ${q.expected ? 'Yes' : 'No'}`;
    case 'oneOf': {
      const accepted = q.accepted ?? [];
      return accepted.length === 1
        ? `${REQUIRED_FOR_THIS_JOB}: ${accepted[0]}`
        : `${REQUIRED_FOR_THIS_JOB}: one of ${accepted.slice(0, -1).join(', ')} or ${accepted[accepted.length - 1]}`;
    }
    case 'number': {
      const min = typeof q.min === 'number' ? q.min : null;
      const max = typeof q.max === 'number' ? q.max : null;
      if (min !== null && max !== null)
        return `${REQUIRED_FOR_THIS_JOB}: from ${numberWords(min)} to ${numberWords(max)}`;
      if (min !== null) return `${REQUIRED_FOR_THIS_JOB}: at least ${numberWords(min)}`;
      return `${REQUIRED_FOR_THIS_JOB}: at most ${numberWords(max ?? 0)}`;
    }
    default:
      return null;
  }
}

/** An answer in words: 'Yes', 'No', the option, the number, the text. */
export function answerWords(value: ScreeningAnswer['value']): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return numberWords(value);
  return value;
}

/** true: meets the requirement; false: does not; null: the question states none, or it was not answered. */
export function meetsRequirement(q: ScreeningQuestion, value: ScreeningAnswer['value'] | undefined): boolean | null {
  if (value === undefined || !hasRequirement(q)) return null;
  switch (q.kind) {
    case 'yesNo':
      return value === q.expected;
    case 'oneOf':
      return typeof value === 'string' && (q.accepted ?? []).includes(value);
    case 'number':
      return (
        typeof value === 'number' &&
        (typeof q.min !== 'number' || value >= q.min) &&
        (typeof q.max !== 'number' || value <= q.max)
      );
    default:
      return null;
  }
}

/**
 * Why an answer does not fit its question (the wrong kind of value, an option the question does not have,
 * an empty required answer); null when it fits. Never about meeting the requirement: that is only shown.
 */
export function answerProblem(q: ScreeningQuestion, value: ScreeningAnswer['value'] | undefined): string | null {
  const empty = value === undefined || (typeof value === 'string' && value.trim() === '');
  if (empty) return q.required ? `Answer the question "${q.text}".` : null;
  switch (q.kind) {
    case 'yesNo':
      return typeof value === 'boolean' ? null : `Answer "${q.text}" with yes or no.`;
    case 'oneOf':
      return typeof value === 'string' && q.options.includes(value)
        ? null
        : `Choose one of the options of "${q.text}".`;
    case 'number':
      return typeof value === 'number' ? null : `Answer "${q.text}" with a number.`;
    default:
      return typeof value === 'string' ? null : `Answer "${q.text}" in words.`;
  }
}

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
