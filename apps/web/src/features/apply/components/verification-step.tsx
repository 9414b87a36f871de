import { useEffect, useState, type Ref } from 'react';
import { useMutation } from '@tanstack/react-query';
import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { TextInput } from '../../../components/text-input';
import { retryAfterSeconds } from '../../../lib/api-error';
import { notifyError, notifySuccess } from '../../../lib/toast';
import { useValidatedForm } from '../../../lib/validation';
import { sendVerificationCode } from '../../../lib/api/identity/send-verification-code';
import { verificationCodeSchema, type VerificationCodeValues } from '../forms';
import { applyMessages } from '../messages';

export interface VerificationStepProps {
  headingRef: Ref<HTMLHeadingElement>;
  email: string;
  /** product.md §4: the form found an account for this e-mail; the CV is chosen in the next step. */
  existingAccountNotice: boolean;
  /** Seconds until 'Resend' may be used, when the first send was rate limited. */
  initialResendWait: number;
  busy: boolean;
  alert: string | null;
  onAlertChange: (message: string | null) => void;
  onSubmit: (verificationCode: string) => void;
}

/** Counts down to the moment 'Resend' may be used again. */
function useResendCountdown(initialSeconds: number) {
  const [availableAt, setAvailableAt] = useState(() => (initialSeconds > 0 ? Date.now() + initialSeconds * 1000 : 0));
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (availableAt <= Date.now()) return;
    const timer = window.setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= availableAt) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [availableAt]);
  const waitSeconds = Math.max(0, Math.ceil((availableAt - now) / 1000));
  return {
    waitSeconds,
    /** When 'Resend' comes back, while it is still waiting. */
    availableAt: waitSeconds > 0 ? availableAt : null,
    waitFor(seconds: number) {
      setNow(Date.now());
      setAvailableAt(Date.now() + seconds * 1000);
    },
  };
}

/** The verification step: the one-time code from the e-mail, with 'Resend'. */
export function VerificationStep({ headingRef, email, existingAccountNotice, initialResendWait, busy, alert, onAlertChange, onSubmit }: VerificationStepProps) {
  const countdown = useResendCountdown(initialResendWait);
  const form = useValidatedForm<VerificationCodeValues>(verificationCodeSchema, { defaultValues: { verificationCode: '' } });

  const resend = useMutation({
    mutationFn: () => sendVerificationCode(email),
    onSuccess: () => notifySuccess(applyMessages.codeSent),
    onError: (error) => {
      const wait = retryAfterSeconds(error);
      if (wait) countdown.waitFor(wait);
      notifyError(applyMessages.codeSendFailed);
    },
  });

  return (
    <form className="apply-step" noValidate aria-labelledby="apply-verification-title" onSubmit={form.handleSubmit((values) => onSubmit(values.verificationCode.trim()))}>
      <h2 id="apply-verification-title" className="apply-step__title" ref={headingRef} tabIndex={-1}>
        Verification
      </h2>
      {existingAccountNotice ? (
        <div className="apply-notice" role="status">
          <p className="apply-notice__title">{applyMessages.alreadyHaveAccount}</p>
          <p>Sign in with the code below. You will choose the CV for this application in the next step.</p>
        </div>
      ) : null}
      <p className="apply-step__lead">
        We sent a verification code to <strong className="apply-step__email">{email}</strong>. It is valid for 10 minutes.
      </p>
      <AlertBanner type="alert-danger" message={alert} onClose={() => onAlertChange(null)} />
      <div className="apply-step__fields">
        <TextInput
          label="Verification code"
          placeholder="Paste verification code"
          autoComplete="one-time-code"
          inputMode="numeric"
          error={form.formState.errors.verificationCode?.message}
          disabled={busy}
          {...form.register('verificationCode')}
        />
        <div className="apply-step__row">
          <Button variant="link" onClick={() => resend.mutate()} disabled={busy || resend.isPending || countdown.waitSeconds > 0}>
            Resend
          </Button>
          {/* The countdown ticks for the eye; screen readers hear the time once. */}
          <p className="apply-step__wait" aria-hidden="true">
            {countdown.waitSeconds > 0 ? `You can ask for a new code in ${countdown.waitSeconds} s.` : ''}
          </p>
          <p className="visually-hidden" aria-live="polite">
            {countdown.availableAt ? `You can ask for a new code at ${new Date(countdown.availableAt).toLocaleTimeString()}.` : ''}
          </p>
        </div>
      </div>
      <Button type="submit" busy={busy} fullWidth>
        Verify
      </Button>
    </form>
  );
}
