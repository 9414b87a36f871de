import { useEffect, useId } from 'react';
import {
  REQUIREMENT_NOT_MET_WORDS,
  SCREENING_TEXT_ANSWER_MAX,
  answerProblem,
  requirementWords,
  type ScreeningAnswer,
  type ScreeningQuestion,
} from '@careers/contracts/screening-values';
import './screening-questions.css';

/** What the candidate has typed or chosen, by question id: yes/no a boolean, the rest as typed. */
export type RawAnswers = Record<string, boolean | string>;

export interface ScreeningResult {
  answers: ScreeningAnswer[];
  /** The first reason the answers cannot be sent yet (a required question left empty, a number that is not one). */
  problem: string | null;
}

/** The answers to send, and the first problem; an answer that does not meet a requirement is no problem. */
export function screeningResult(questions: ScreeningQuestion[], raw: RawAnswers): ScreeningResult {
  const answers: ScreeningAnswer[] = [];
  let problem: string | null = null;
  for (const q of questions) {
    const typed = raw[q.id];
    let value: ScreeningAnswer['value'] | undefined = typeof typed === 'string' ? typed.trim() || undefined : typed;
    if (q.kind === 'number' && typeof value === 'string') {
      const number = Number(value.replace(/,/g, ''));
      value = Number.isFinite(number) ? number : value;
    }
    problem ??= answerProblem(q, value);
    if (value !== undefined) answers.push({ questionId: q.id, value });
  }
  return { answers, problem };
}

export interface ScreeningQuestionsProps {
  businessName: string;
  questions: ScreeningQuestion[];
  raw: RawAnswers;
  disabled: boolean;
  /** Why the answers cannot be sent yet, once the candidate pressed the button. */
  problem?: string | null;
  onChange: (raw: RawAnswers, result: ScreeningResult) => void;
}

/**
 * The job's screening questions on the apply form (docs/decisions/0400): every question, whether it must be
 * answered, every requirement and what happens if it is not met, before the candidate sends anything.
 * Loaded as its own chunk, only for a job that has questions.
 */
export default function ScreeningQuestions({
  businessName,
  questions,
  raw,
  disabled,
  problem = null,
  onChange,
}: ScreeningQuestionsProps) {
  const id = useId();
  // The parent knows from the start what is still to answer.
  useEffect(() => {
    onChange(raw, screeningResult(questions, raw));
    // Once, on arrival: later changes report themselves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const set = (questionId: string, value: boolean | string) => {
    const next = { ...raw, [questionId]: value };
    onChange(next, screeningResult(questions, next));
  };
  const anyRequirement = questions.some((q) => requirementWords(q) !== null);
  return (
    <section className="screening" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="screening__title">
        Questions from {businessName}
      </h3>
      <p className="screening__lead">
        {anyRequirement
          ? 'Some questions state a requirement of the job. ' +
            REQUIREMENT_NOT_MET_WORDS +
            ' Nobody is turned away automatically.'
          : 'Your answers are sent with your application.'}
      </p>
      {questions.map((q, index) => {
        const base = `${id}-q${index}`;
        const requirement = requirementWords(q);
        const describedBy = requirement ? `${base}-req` : undefined;
        const label = (
          <>
            {q.text} <span className="screening__need">{q.required ? '(required)' : '(optional)'}</span>
          </>
        );
        const requirementNote = requirement ? (
          <p className="screening__requirement" id={`${base}-req`}>
            <strong>{requirement}.</strong> {REQUIREMENT_NOT_MET_WORDS}
          </p>
        ) : null;
        const value = raw[q.id];
        if (q.kind === 'yesNo' || q.kind === 'oneOf') {
          const options: [string, boolean | string][] =
            q.kind === 'yesNo'
              ? [
                  ['Yes', true],
                  ['No', false],
                ]
              : q.options.map((option) => [option, option]);
          return (
            <fieldset key={q.id} className="screening__question" disabled={disabled} aria-describedby={describedBy}>
              <legend className="screening__label">{label}</legend>
              {requirementNote}
              <div className="screening__choices">
                {options.map(([words, optionValue], optionIndex) => (
                  <label key={optionIndex} className="screening__choice">
                    <input
                      type="radio"
                      name={`${base}-answer`}
                      checked={value === optionValue}
                      onChange={() => set(q.id, optionValue)}
                    />{' '}
                    {words}
                  </label>
                ))}
              </div>
            </fieldset>
          );
        }
        return (
          <div key={q.id} className="screening__question">
            <label className="screening__label" htmlFor={`${base}-answer`}>
              {label}
            </label>
            {requirementNote}
            <input
              id={`${base}-answer`}
              className="screening__input"
              type="text"
              inputMode={q.kind === 'number' ? 'decimal' : undefined}
              maxLength={SCREENING_TEXT_ANSWER_MAX}
              value={typeof value === 'string' ? value : ''}
              disabled={disabled}
              aria-describedby={describedBy}
              onChange={(event) => set(q.id, event.currentTarget.value)}
            />
          </div>
        );
      })}
      <p className="screening__problem" role="alert">
        {problem}
      </p>
    </section>
  );
}
