/**
 * Screening questions without zod (docs/decisions/0400): the words and checks the apply form, the console and
 * the service share, so they say the same thing everywhere. screening.ts re-exports them beside the schemas.
 */
export const SCREENING_QUESTIONS_MAX = 10;
export const SCREENING_QUESTION_TEXT_MAX = 300;
export const SCREENING_OPTIONS_MAX = 10;
export const SCREENING_OPTION_MAX = 100;
export const SCREENING_TEXT_ANSWER_MAX = 200;
export const SCREENING_NUMBER_LIMIT = 1e9;

export const SCREENING_KINDS = ['yesNo', 'oneOf', 'number', 'text'] as const;
export type ScreeningKind = (typeof SCREENING_KINDS)[number];

/** The consequence of not meeting a requirement, said next to every requirement before the candidate sends. */
export const REQUIREMENT_NOT_MET_WORDS =
  'You can still apply if you do not meet it: the employer will see that you do not.';
export const REQUIRED_FOR_THIS_JOB = 'Required for this job';

export type ScreeningQuestion = { id: string; text: string; required: boolean } & (
  | { kind: 'yesNo'; expected?: boolean | null | undefined }
  | { kind: 'oneOf'; options: string[]; accepted?: string[] | null | undefined }
  | { kind: 'number'; min?: number | null | undefined; max?: number | null | undefined }
  | { kind: 'text' }
);
export type ScreeningAnswerValue = boolean | number | string;
export interface ScreeningAnswer {
  questionId: string;
  value: ScreeningAnswerValue;
}

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
export function answerWords(value: ScreeningAnswerValue): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return numberWords(value);
  return value;
}

/** true: meets the requirement; false: does not; null: the question states none, or it was not answered. */
export function meetsRequirement(q: ScreeningQuestion, value: ScreeningAnswerValue | undefined): boolean | null {
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
export function answerProblem(q: ScreeningQuestion, value: ScreeningAnswerValue | undefined): string | null {
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
