import { lazy, Suspense } from 'react';
import type { VerificationStepProps } from './verification-code-step';

export type { VerificationStepProps } from './verification-code-step';

// The code step (its field, Resend and address change) loads when a code has been sent, not with the page.
const VerificationCodeStep = lazy(() => import('./verification-code-step'));

/** Starts loading the code step while the step before it is still waiting for its answer. */
export function preloadVerificationStep(): void {
  void import('./verification-code-step');
}

/** The verification step of the apply page, loaded on demand (the apply page's first-load budget, js-budget). */
export function VerificationStep(props: VerificationStepProps) {
  return (
    <Suspense fallback={null}>
      <VerificationCodeStep {...props} />
    </Suspense>
  );
}
