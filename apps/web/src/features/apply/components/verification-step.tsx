import { CODE_LIFETIME_TEXT } from '@careers/contracts/limits';
import { lazy, Suspense, useEffect, useState, type Ref } from 'react';
import { useMutation } from '@tanstack/react-query';
import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { TextInput } from '../../../components/text-input';
import { retryAfterSeconds } from '../../../lib/api-error';
import { notifyError, notifySuccess } from '../../../lib/toast';
import { useValidatedForm } from '../../../lib/validation';
import { sendVerificationCode } from '../../../lib/api/identity/send-verification-code';
import type { VerificationCodeValues } from '../forms';
import { applyMessages } from '../messages';

// Only a new candidate who mistyped the address needs it: loaded when asked for (js-budget).
const ChangeAddressForm = lazy(() => import('../../../components/change-address-form'));

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
  /**
   * A new account, whose address nobody proved yet: offers "Wrong address? Change it" (issue 12 item 1).
   * Called with the corrected address once the account moved and a new code went there.
   */
  onAddressChanged?: (email: string) => void;
  /** A new account's application waiting for this code: a resent code e-mail names its job too. */
  finishesJobId?: string | undefined;
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
export function VerificationStep({
  headingRef,
  email,
  existingAccountNotice,
  initialResendWait,
  busy,
  alert,
  onAlertChange,
  onSubmit,
  onAddressChanged,
  finishesJobId,
}: VerificationStepProps) {
  const countdown = useResendCountdown(initialResendWait);
  const form = useValidatedForm<VerificationCodeValues>(
    () => import('../forms').then((module) => module.verificationCodeSchema),
    {
      defaultValues: { verificationCode: '' },
    },
  );
  const [changingAddress, setChangingAddress] = useState(false);
  const [changedTo, setChangedTo] = useState<string | null>(null);
  const { setFocus } = form;

  useEffect(() => {
    if (changedTo) setFocus('verificationCode');
  }, [changedTo, setFocus]);

  const resend = useMutation({
    mutationFn: () => sendVerificationCode(email, finishesJobId),
    onSuccess: (wait) => {
      notifySuccess(applyMessages.codeSent);
      // The service says when the next code may be asked for: Resend waits rather than being refused.
      countdown.waitFor(wait);
    },
    onError: (error) => {
      const wait = retryAfterSeconds(error);
      if (wait) countdown.waitFor(wait);
      notifyError(applyMessages.codeSendFailed);
    },
  });

  if (changingAddress && onAddressChanged) {
    return (
      <section className="apply-step" aria-labelledby="apply-verification-title">
        <h2 id="apply-verification-title" className="apply-step__title" ref={headingRef} tabIndex={-1}>
          Verification
        </h2>
        <p className="apply-step__lead">
          The code went to <strong className="apply-step__email">{email}</strong>. Correct the address and we will send
          a new code there. Your application is kept.
        </p>
        <Suspense fallback={<Spinner label="Loading" />}>
          <ChangeAddressForm
            currentEmail={email}
            finishesJobId={finishesJobId}
            classes={{ fields: 'apply-step__fields', row: 'apply-step__row' }}
            onCancel={() => setChangingAddress(false)}
            onChanged={(newEmail) => {
              setChangingAddress(false);
              setChangedTo(newEmail);
              form.reset({ verificationCode: '' });
              onAlertChange(null);
              // A code just went to the new address: 'Resend' waits as after any send.
              countdown.waitFor(60);
              onAddressChanged(newEmail);
            }}
          />
        </Suspense>
      </section>
    );
  }

  return (
    <form
      className="apply-step"
      noValidate
      aria-labelledby="apply-verification-title"
      onSubmit={form.handleSubmit((values) => onSubmit(values.verificationCode.trim()))}
    >
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
        We sent a verification code to <strong className="apply-step__email">{email}</strong>. It is valid for{' '}
        {CODE_LIFETIME_TEXT}.
      </p>
      {changedTo ? (
        <p className="apply-step__note" role="status">
          Your address is now {changedTo}. Enter the new code sent there.
        </p>
      ) : null}
      {onAddressChanged ? (
        <p className="apply-step__switch">
          <Button variant="link" onClick={() => setChangingAddress(true)} disabled={busy}>
            Wrong address? Change it
          </Button>
        </p>
      ) : null}
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
          <Button
            variant="link"
            onClick={() => resend.mutate()}
            disabled={busy || resend.isPending || countdown.waitSeconds > 0}
          >
            Resend
          </Button>
          {/* The countdown ticks for the eye; screen readers hear the time once. */}
          <p className="apply-step__wait" aria-hidden="true">
            {countdown.waitSeconds > 0 ? `You can ask for a new code in ${countdown.waitSeconds} s.` : ''}
          </p>
          <p className="visually-hidden" aria-live="polite">
            {countdown.availableAt
              ? `You can ask for a new code at ${new Date(countdown.availableAt).toLocaleTimeString()}.`
              : ''}
          </p>
        </div>
      </div>
      <Button type="submit" busy={busy} fullWidth>
        Verify
      </Button>
    </form>
  );
}
