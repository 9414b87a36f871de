import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { Job } from '@careers/contracts/candidate';
import type { ApplyTarget } from '../apply-flow';
import type { RawAnswers, ScreeningResult } from './screening-questions';

// Only a job with questions loads them (docs/decisions/0400): the apply page's first load stays as it was.
const ScreeningQuestions = lazy(() => import('./screening-questions'));

export const ANSWER_THE_QUESTIONS_FIRST = 'Answer the job’s questions first.';

/**
 * The job's screening questions on the form and CV selection steps: the block to show before the submit
 * button, a guard that holds the send while a required question is unanswered, and the target with the answers.
 */
export function useScreening(job: Job, busy: boolean) {
  const questions = job.isLive ? (job.screeningQuestions ?? []) : [];
  const [state, setState] = useState<{ raw: RawAnswers; result: ScreeningResult | null }>({ raw: {}, result: null });
  // Said under the questions, next to the button pressed (an alert at the top of a phone's form is out of sight).
  const [shown, setShown] = useState<string | null>(null);
  const block: ReactNode =
    questions.length > 0 ? (
      <Suspense fallback={null}>
        <ScreeningQuestions
          businessName={job.businessName}
          questions={questions}
          raw={state.raw}
          disabled={busy}
          problem={shown}
          onChange={(raw, result) => {
            setState({ raw, result });
            if (shown) setShown(result.problem);
          }}
        />
      </Suspense>
    ) : null;
  return {
    block,
    /** Sends unless a question still needs an answer (then says which). */
    guard(send: () => void) {
      const problem =
        questions.length === 0 ? null : (state.result?.problem ?? (state.result ? null : ANSWER_THE_QUESTIONS_FIRST));
      setShown(problem);
      if (!problem) send();
    },
    withAnswers(target: ApplyTarget): ApplyTarget {
      return questions.length > 0 ? { ...target, screeningAnswers: state.result?.answers ?? [] } : target;
    },
  };
}
