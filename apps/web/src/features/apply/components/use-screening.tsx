import { Suspense, useState, type ReactNode } from 'react';
import type { Job } from '@careers/contracts/candidate';
import { lazyRenderedByServer } from '../../../first-paint/lazy-rendered-by-server';
import type { ApplyTarget } from '../apply-flow';
// The CV picker's date format (the portal's one format); lib/format is in the signed-in chunk (vite.config.ts).
import { formatCvDate } from '../utils/last-used-on';
import type { RawAnswers, ScreeningResult } from './screening-questions';

// Only a job with questions loads them (docs/decisions/0400): the apply page's first load stays as it was. The
// server renders them from its first request (docs/decisions/0495).
const ScreeningQuestions = lazyRenderedByServer(() => import('./screening-questions'));

export const ANSWER_THE_QUESTIONS_FIRST = 'Answer the job’s questions first.';

const DAY_MS = 864e5;

/**
 * What the form and CV selection steps ask before the submit button: the job's screening questions, and
 * the optional, unticked consent to be kept for the business's other roles (docs/decisions/0442); a guard
 * that holds the send while a required question is unanswered, and the target with the answers and consent.
 */
export function useScreening(job: Job, busy: boolean) {
  const questions = job.isLive ? (job.screeningQuestions ?? []) : [];
  const poolDays = job.isLive ? job.talentPoolDays : undefined;
  const [keep, setKeep] = useState(false);
  const [now] = useState(Date.now);
  const [state, setState] = useState<{ raw: RawAnswers; result: ScreeningResult | null }>({ raw: {}, result: null });
  // Said under the questions, next to the button pressed (an alert at the top of a phone's form is out of sight).
  const [shown, setShown] = useState<string | null>(null);
  const consent: ReactNode = poolDays ? (
    <label className="apply-step__consent">
      <input type="checkbox" checked={keep} disabled={busy} onChange={(event) => setKeep(event.target.checked)} />
      <span>
        Keep my application for other roles at {job.businessName} until{' '}
        {formatCvDate(new Date(now + poolDays * DAY_MS))}
      </span>
    </label>
  ) : null;
  const block: ReactNode = (
    <>
      {questions.length > 0 ? (
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
      ) : null}
      {consent}
    </>
  );
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
      return {
        ...target,
        ...(questions.length > 0 ? { screeningAnswers: state.result?.answers ?? [] } : {}),
        ...(poolDays && keep ? { keepForOtherRoles: true } : {}),
      };
    },
  };
}
