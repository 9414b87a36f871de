import { CODE_LIFETIME_TEXT } from '@careers/contracts/limits';
import { lazy, Suspense, useEffect, useState, type RefObject } from 'react';
import { Button } from '../../../components/button';
import { CodeEntry, useCodeResend } from '../../../components/code-entry';
import { Spinner } from '../../../components/spinner';
import { useValidatedForm } from '../../../lib/validation';
import { sendVerificationCode } from '../../../lib/api/identity/send-verification-code';
import type { VerificationCodeValues } from '../forms';
import { applyMessages } from '../messages';

// Only a new candidate who mistyped the address needs it: loaded when asked for (js-budget).
const ChangeAddressForm = lazy(() => import('../../../components/change-address-form'));

export interface VerificationStepProps {
  headingRef: RefObject<HTMLHeadingElement | null>;
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

/**
 * The verification step: the one-time code from the e-mail, with 'Resend' (components/code-entry). A chunk
 * of its own, loaded when the step comes (./verification-step), so the page's first load stays small.
 */
export default function VerificationCodeStep({
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
  const resend = useCodeResend(email, () => sendVerificationCode(email, finishesJobId), initialResendWait);
  const form = useValidatedForm<VerificationCodeValues>(
    () => import('../forms').then((module) => module.verificationCodeSchema),
    {
      defaultValues: { verificationCode: '' },
    },
  );
  const [changingAddress, setChangingAddress] = useState(false);
  const [changedTo, setChangedTo] = useState<string | null>(null);
  const { setFocus } = form;

  // The chunk arrives after the step changed, when the page's focus move found no heading yet: the heading
  // takes the focus itself, so keyboard and screen-reader users land on it.
  useEffect(() => {
    headingRef.current?.focus();
  }, [headingRef]);

  useEffect(() => {
    if (changedTo) setFocus('verificationCode');
  }, [changedTo, setFocus]);

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
              resend.waitFor(60);
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
      <CodeEntry
        resend={resend}
        field={form.register('verificationCode')}
        error={form.formState.errors.verificationCode?.message}
        failure={alert}
        onFailureClose={() => onAlertChange(null)}
        disabled={busy}
      />
      <Button type="submit" busy={busy} fullWidth>
        Verify
      </Button>
    </form>
  );
}
