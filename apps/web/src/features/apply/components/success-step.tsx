import type { Ref } from 'react';
import { Button } from '../../../components/button';
import { applicationSentMessage, applyMessages, cvSentMessage } from '../messages';

export interface SuccessStepProps {
  headingRef: Ref<HTMLHeadingElement>;
  businessName: string;
  /** false: the job was closed and the CV went to the employer as a CV drop. */
  jobIsLive: boolean;
  onContinue: () => void;
  onLogout: () => void;
}

export function SuccessStep({ headingRef, businessName, jobIsLive, onContinue, onLogout }: SuccessStepProps) {
  return (
    <section className="apply-step apply-step--success" aria-labelledby="apply-success-title">
      <svg className="apply-success__icon" viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="12" r="11" fill="currentColor" opacity="0.12" />
        <path d="m7 12.5 3.2 3.2L17 9" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <h2 id="apply-success-title" className="apply-step__title" ref={headingRef} tabIndex={-1}>
        {applyMessages.thankYou}
      </h2>
      <p>{jobIsLive ? applicationSentMessage(businessName) : cvSentMessage(businessName)}</p>
      <p className="apply-step__lead">{applyMessages.redirectNotice}</p>
      <Button onClick={onContinue} fullWidth>
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
