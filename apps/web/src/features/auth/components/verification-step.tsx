import { CODE_LIFETIME_TEXT } from '@careers/contracts/limits';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthResponse } from '@careers/contracts/identity';
import { Button } from '../../../components/button';
import { CodeEntry, useCodeResend } from '../../../components/code-entry';
import { Spinner } from '../../../components/spinner';
import { Switch } from '../../../components/switch';
import { failureCause } from '../../../lib/failure-cause';
import { useValidatedForm } from '../../../lib/validation';
import { createSessionPorts } from '../../../lib/session/session-ports';
import type { VerificationForm } from '../forms';
import { TermsNotice } from './terms-notice';

// Only a new candidate who mistyped the address needs it: loaded when asked for (js-budget).
const ChangeAddressForm = lazy(() => import('../../../components/change-address-form'));

export interface VerificationStepProps {
  email: string;
  /** product.md §5: login says 'Invalid verification code.', signup 'Please enter verification code'. */
  emptyCodeMessage: string;
  /** The alert for a falsy answer (error null) or a failed call. */
  failureMessage: (error: unknown | null) => string;
  /** The code was accepted: its answer is the session now (lib/session/sign-in). */
  onVerified: (auth: AuthResponse, rememberMe: boolean) => void;
  /** Seconds until 'Resend' may be used: the wait the code's send answered, or its refusal's. */
  initialResendWait?: number;
  onChangeEmail?: () => void;
  /**
   * Sign-up: the new account's address was never proved, so "Wrong address? Change it" is offered
   * (issue 12 item 1); called with the corrected address once the account moved and a new code went there.
   */
  onAddressCorrected?: (email: string) => void;
}

/** Step 2 of login and signup: the e-mailed one-time code, 'Resend', 'Remember me', 'Sign In'. */
export function VerificationStep({
  email,
  emptyCodeMessage,
  failureMessage,
  onVerified,
  initialResendWait = 0,
  onChangeEmail,
  onAddressCorrected,
}: VerificationStepProps) {
  const queryClient = useQueryClient();
  const [ports] = useState(() => createSessionPorts(queryClient));
  const [alert, setAlert] = useState<string | null>(null);
  const [changingAddress, setChangingAddress] = useState(false);
  const [changedTo, setChangedTo] = useState<string | null>(null);
  const resend = useCodeResend(email, () => ports.sendVerificationCode(email), initialResendWait);

  const form = useValidatedForm<VerificationForm>(
    () => import('../forms').then((module) => module.verificationFormSchema(emptyCodeMessage)),
    {
      defaultValues: { code: '', rememberMe: false },
    },
  );

  const verify = useMutation({
    mutationFn: async (values: VerificationForm) =>
      (await import('../../../lib/session/sign-in')).signInByCode(ports, email, values.code, {
        remember: values.rememberMe,
      }),
    onSuccess: (auth, values) => {
      if (auth) onVerified(auth, values.rememberMe);
      else setAlert(failureMessage(null));
    },
    onError: (error) => setAlert(failureCause(error) ?? failureMessage(error)),
  });

  // The step replaces the e-mail form, whose button had the focus: the focus goes to this step's heading
  // (not to the body), so keyboard and screen-reader users land on it, as on the apply page's steps.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, [changingAddress]);

  if (changingAddress && onAddressCorrected) {
    return (
      <section className="auth-form" aria-labelledby="verification-title">
        <header className="auth-form__header">
          <h1>Candidate Portal</h1>
          <h2 id="verification-title" ref={headingRef} tabIndex={-1}>
            Verification
          </h2>
          <p>
            The code went to <strong>{email}</strong>. Correct the address and we will send a new code there.
          </p>
        </header>
        <Suspense fallback={<Spinner label="Loading" />}>
          <ChangeAddressForm
            currentEmail={email}
            classes={{ fields: 'auth-form__fields', row: 'auth-form__row' }}
            onCancel={() => setChangingAddress(false)}
            onChanged={(newEmail) => {
              setChangingAddress(false);
              setChangedTo(newEmail);
              setAlert(null);
              form.reset({ code: '', rememberMe: form.getValues('rememberMe') });
              // A code just went to the new address: 'Resend' waits as after any send.
              resend.waitFor(60);
              onAddressCorrected(newEmail);
            }}
          />
        </Suspense>
      </section>
    );
  }

  const { errors } = form.formState;
  return (
    <form
      className="auth-form"
      noValidate
      aria-labelledby="verification-title"
      onSubmit={form.handleSubmit((values) => {
        setAlert(null);
        verify.mutate(values);
      })}
    >
      <header className="auth-form__header">
        <h1>Candidate Portal</h1>
        <h2 id="verification-title" ref={headingRef} tabIndex={-1}>
          Verification
        </h2>
        {initialResendWait > 0 ? (
          <p>
            A verification code was sent to <strong>{email}</strong> moments ago. It is valid for {CODE_LIFETIME_TEXT}.
          </p>
        ) : (
          <p>
            We sent a verification code to <strong>{email}</strong>. It is valid for {CODE_LIFETIME_TEXT}.
          </p>
        )}
        {changedTo ? <p role="status">Your address is now {changedTo}. Enter the new code sent there.</p> : null}
        {onAddressCorrected ? (
          <p>
            <Button variant="link" onClick={() => setChangingAddress(true)}>
              Wrong address? Change it
            </Button>
          </p>
        ) : null}
      </header>
      <CodeEntry
        resend={resend}
        field={form.register('code')}
        error={errors.code?.message}
        failure={alert}
        onFailureClose={() => setAlert(null)}
        beside={<Switch label="Remember me" {...form.register('rememberMe')} />}
      />
      <Button type="submit" busy={verify.isPending} fullWidth>
        Sign In
      </Button>
      {onChangeEmail ? (
        <p className="auth-form__switch">
          <Button variant="link" onClick={onChangeEmail}>
            Use a different email address
          </Button>
        </p>
      ) : null}
      <TermsNotice />
    </form>
  );
}
