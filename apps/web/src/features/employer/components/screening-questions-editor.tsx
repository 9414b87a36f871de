import { useId } from 'react';
import {
  REQUIREMENT_NOT_MET_WORDS,
  SCREENING_OPTIONS_MAX,
  SCREENING_QUESTIONS_MAX,
  requirementWords,
  type ScreeningKind,
  type ScreeningQuestion,
} from '@careers/contracts/screening-values';
import { Button } from '../../../components/button';
import { Switch } from '../../../components/switch';
import { TextInput } from '../../../components/text-input';
import { TextArea } from '../../../components/text-area';
import './screening-questions-editor.css';

/** A question as the form holds it: the numbers and the options as typed. */
export interface QuestionDraft {
  id: string;
  kind: ScreeningKind;
  text: string;
  required: boolean;
  /** yes/no: 'yes', 'no' or '' (no requirement). */
  expected: '' | 'yes' | 'no';
  /** one-of: one option a line. */
  options: string;
  /** one-of: the options that meet the requirement. */
  accepted: string[];
  min: string;
  max: string;
}

const KIND_WORDS: Record<ScreeningKind, string> = {
  yesNo: 'Yes or no',
  oneOf: 'One of several options',
  number: 'A number',
  text: 'Short text (no requirement)',
};

const newId = () => `q-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

const optionLines = (text: string) =>
  [...new Set(text.split('\n').map((line) => line.trim()))].filter(Boolean).slice(0, SCREENING_OPTIONS_MAX);

const numberOrNull = (text: string) => {
  const value = text.trim() === '' ? null : Number(text.replace(/,/g, ''));
  return value !== null && Number.isFinite(value) ? value : null;
};

export function toDrafts(questions: ScreeningQuestion[] | undefined): QuestionDraft[] {
  return (questions ?? []).map((q) => ({
    id: q.id,
    kind: q.kind,
    text: q.text,
    required: q.required,
    expected: q.kind === 'yesNo' && typeof q.expected === 'boolean' ? (q.expected ? 'yes' : 'no') : '',
    options: q.kind === 'oneOf' ? q.options.join('\n') : '',
    accepted: q.kind === 'oneOf' ? (q.accepted ?? []) : [],
    min: q.kind === 'number' && typeof q.min === 'number' ? String(q.min) : '',
    max: q.kind === 'number' && typeof q.max === 'number' ? String(q.max) : '',
  }));
}

/** The questions as the create/change request takes them. */
export function fromDrafts(drafts: QuestionDraft[]): ScreeningQuestion[] {
  return drafts.map((d): ScreeningQuestion => {
    const base = { id: d.id, text: d.text.trim(), required: d.required };
    switch (d.kind) {
      case 'yesNo':
        return { ...base, kind: 'yesNo', expected: d.expected === '' ? null : d.expected === 'yes' };
      case 'oneOf': {
        const options = optionLines(d.options);
        const accepted = d.accepted.filter((a) => options.includes(a));
        return { ...base, kind: 'oneOf', options, accepted: accepted.length > 0 ? accepted : null };
      }
      case 'number':
        return { ...base, kind: 'number', min: numberOrNull(d.min), max: numberOrNull(d.max) };
      default:
        return { ...base, kind: 'text' };
    }
  });
}

/** What keeps the questions from being saved, in words ('Question 2: give at least two options.'); null when nothing. */
export function draftsProblem(drafts: QuestionDraft[]): string | null {
  for (const [index, d] of drafts.entries()) {
    const which = `Question ${index + 1}`;
    if (!d.text.trim()) return `${which}: write the question.`;
    if (d.kind === 'oneOf' && optionLines(d.options).length < 2)
      return `${which}: give at least two options, one a line.`;
    if (d.kind === 'number') {
      for (const typed of [d.min, d.max])
        if (typed.trim() !== '' && numberOrNull(typed) === null) return `${which}: the range takes numbers.`;
      const min = numberOrNull(d.min);
      const max = numberOrNull(d.max);
      if (min !== null && max !== null && max < min) return `${which}: the range ends below where it starts.`;
    }
  }
  return null;
}

/** Before saving: says what is wrong (or clears it) and answers whether the questions can be saved. */
export function checkQuestions(drafts: QuestionDraft[], show: (problem: string | null) => void): boolean {
  const problem = draftsProblem(drafts);
  show(problem);
  return problem === null;
}

/**
 * The job form's screening questions (docs/decisions/0400): yes/no, one of several options, a number or a
 * short text, each optional or required, and a requirement the answer may be held against. Candidates see
 * every requirement before they apply; nobody is turned away for an answer: the employer sees who does not
 * meet one.
 */
export function ScreeningQuestionsEditor({
  drafts,
  onChange,
  problem = null,
}: {
  drafts: QuestionDraft[];
  onChange: (drafts: QuestionDraft[]) => void;
  /** What keeps the questions from being saved, once the employer pressed Save. */
  problem?: string | null;
}) {
  const id = useId();
  const change = (index: number, patch: Partial<QuestionDraft>) =>
    onChange(drafts.map((d, i) => (i === index ? { ...d, ...patch } : d)));
  const questions = fromDrafts(drafts);
  return (
    <fieldset className="screening-editor">
      <legend className="screening-editor__legend">Questions for candidates</legend>
      <p className="screening-editor__lead">
        Asked on the apply form. A requirement is shown to candidates before they apply, with the words “
        {REQUIREMENT_NOT_MET_WORDS}” Nobody is turned away automatically: you see who does not meet it.
      </p>
      {drafts.map((d, index) => {
        const requirement = questions[index] ? requirementWords(questions[index]) : null;
        const options = optionLines(d.options);
        return (
          <div key={d.id} className="screening-editor__question" role="group" aria-label={`Question ${index + 1}`}>
            <TextInput
              label={`Question ${index + 1}`}
              value={d.text}
              maxLength={300}
              onChange={(event) => change(index, { text: event.currentTarget.value })}
            />
            <label className="employer-select">
              <span>Answer</span>
              <select
                value={d.kind}
                onChange={(event) => change(index, { kind: event.currentTarget.value as ScreeningKind })}
              >
                {(Object.keys(KIND_WORDS) as ScreeningKind[]).map((kind) => (
                  <option key={kind} value={kind}>
                    {KIND_WORDS[kind]}
                  </option>
                ))}
              </select>
            </label>
            {d.kind === 'yesNo' ? (
              <label className="employer-select">
                <span>Required for this job</span>
                <select
                  value={d.expected}
                  onChange={(event) =>
                    change(index, { expected: event.currentTarget.value as QuestionDraft['expected'] })
                  }
                >
                  <option value="">No requirement</option>
                  <option value="yes">Yes</option>
                  <option value="no">No</option>
                </select>
              </label>
            ) : null}
            {d.kind === 'oneOf' ? (
              <>
                <TextArea
                  label="Options, one a line"
                  rows={3}
                  value={d.options}
                  onChange={(event) => change(index, { options: event.currentTarget.value })}
                />
                {options.length > 0 ? (
                  <fieldset className="screening-editor__accepted">
                    <legend>Required for this job (none ticked: no requirement)</legend>
                    {options.map((option) => (
                      <label key={option} className="screening-editor__option">
                        <input
                          type="checkbox"
                          checked={d.accepted.includes(option)}
                          onChange={(event) =>
                            change(index, {
                              accepted: event.currentTarget.checked
                                ? [...d.accepted, option]
                                : d.accepted.filter((a) => a !== option),
                            })
                          }
                        />{' '}
                        {option}
                      </label>
                    ))}
                  </fieldset>
                ) : null}
              </>
            ) : null}
            {d.kind === 'number' ? (
              <div className="screening-editor__range">
                <TextInput
                  label="Required: at least"
                  inputMode="decimal"
                  value={d.min}
                  onChange={(event) => change(index, { min: event.currentTarget.value })}
                />
                <TextInput
                  label="Required: at most"
                  inputMode="decimal"
                  value={d.max}
                  onChange={(event) => change(index, { max: event.currentTarget.value })}
                />
              </div>
            ) : null}
            <Switch
              label="Candidates must answer it"
              checked={d.required}
              onChange={(event) => change(index, { required: event.currentTarget.checked })}
            />
            <p className="screening-editor__shown" id={`${id}-shown-${index}`}>
              {requirement ? `Candidates see: “${requirement}.”` : 'No requirement: the answer is only shown to you.'}
            </p>
            <Button variant="secondary" onClick={() => onChange(drafts.filter((_, i) => i !== index))}>
              Remove question {index + 1}
            </Button>
          </div>
        );
      })}
      {drafts.length < SCREENING_QUESTIONS_MAX ? (
        <Button
          variant="secondary"
          onClick={() =>
            onChange([
              ...drafts,
              {
                id: newId(),
                kind: 'yesNo',
                text: '',
                required: true,
                expected: '',
                options: '',
                accepted: [],
                min: '',
                max: '',
              },
            ])
          }
        >
          Add a question
        </Button>
      ) : (
        <p className="screening-editor__lead">A job has at most {SCREENING_QUESTIONS_MAX} questions.</p>
      )}
      <p className="screening-editor__problem" role="alert">
        {problem}
      </p>
    </fieldset>
  );
}
