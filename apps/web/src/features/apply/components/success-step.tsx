import { lazy, Suspense, useCallback, useEffect, useRef, useState, type Ref } from 'react';
import { Button } from '../../../components/button';
import { applicationSentMessage, applyMessages, cvSentMessage } from '../messages';
import type { TypedDetails } from './profile-update-offer';

// Only an existing candidate who typed details on the form sees it: loaded then, outside the first load (0362).
const ProfileUpdateOffer = lazy(() => import('./profile-update-offer'));

export interface SuccessStepProps {
  headingRef: Ref<HTMLHeadingElement>;
  businessName: string;
  /** false: the job was closed and the CV went to the employer as a CV drop. */
  jobIsLive: boolean;
  onContinue: () => void;
  onLogout: () => void;
  /** An existing candidate's details typed on the form: the step offers to put them on the profile. */
  typedDetails?: TypedDetails | null;
}

/** The success step goes on to the candidate dashboard (onContinue) by itself after this long. */
export const SUCCESS_REDIRECT_SECONDS = 5;

/**
 * Counts down once a second and continues at zero. Continue goes at once and stops the count; leaving
 * the step stops it too; paused at the start, it begins once unpaused. Answers the seconds
 * left and the Continue action.
 */
function useRedirectCountdown(onContinue: () => void, paused: boolean): [number, () => void] {
  const [secondsLeft, setSecondsLeft] = useState(SUCCESS_REDIRECT_SECONDS);
  const continueRef = useRef(onContinue);
  const timerRef = useRef<number | undefined>(undefined);
  useEffect(() => {
    continueRef.current = onContinue;
  }, [onContinue]);
  useEffect(() => {
    if (paused) return;
    const startedAt = Date.now();
    timerRef.current = window.setInterval(() => {
      const left = Math.max(0, SUCCESS_REDIRECT_SECONDS - Math.floor((Date.now() - startedAt) / 1000));
      setSecondsLeft(left);
      if (left === 0) {
        window.clearInterval(timerRef.current);
        continueRef.current();
      }
    }, 1000);
    return () => window.clearInterval(timerRef.current);
  }, [paused]);
  const continueNow = () => {
    window.clearInterval(timerRef.current);
    continueRef.current();
  };
  return [secondsLeft, continueNow];
}

export function SuccessStep({
  headingRef,
  businessName,
  jobIsLive,
  onContinue,
  onLogout,
  typedDetails,
}: SuccessStepProps) {
  // The redirect waits while an offer to update the profile waits for its answer (docs/decisions/0362).
  const [offerPending, setOfferPending] = useState(Boolean(typedDetails));
  const onOfferPendingChange = useCallback((pending: boolean) => setOfferPending(pending), []);
  const [secondsLeft, continueNow] = useRedirectCountdown(onContinue, offerPending);
  return (
    <section className="apply-step apply-step--success" aria-labelledby="apply-success-title">
      <svg className="apply-success__icon" viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="12" r="11" fill="currentColor" opacity="0.12" />
        <path
          d="m7 12.5 3.2 3.2L17 9"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <h2 id="apply-success-title" className="apply-step__title" ref={headingRef} tabIndex={-1}>
        {applyMessages.thankYou}
      </h2>
      <p>{jobIsLive ? applicationSentMessage(businessName) : cvSentMessage(businessName)}</p>
      <p className="apply-step__lead">{applyMessages.redirectNotice}</p>
      {typedDetails ? (
        <Suspense fallback={null}>
          <ProfileUpdateOffer typed={typedDetails} onPendingChange={onOfferPendingChange} />
        </Suspense>
      ) : null}
      {/* Announced once the count runs; the visible count is not read out every second. */}
      <p className="visually-hidden" role="status">
        {offerPending ? '' : `Redirecting in ${SUCCESS_REDIRECT_SECONDS} seconds.`}
      </p>
      {offerPending ? null : (
        <p className="apply-step__lead" aria-hidden="true">
          {`Redirecting in ${secondsLeft} s…`}
        </p>
      )}
      <Button onClick={continueNow} fullWidth>
        Continue
      </Button>
      <p className="apply-step__switch">
        <Button variant="link" onClick={onLogout}>
          Logout
        </Button>
      </p>
    </section>
  );
}
