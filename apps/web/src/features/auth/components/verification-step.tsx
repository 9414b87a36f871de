import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthResponse } from '@careers/contracts/identity';
import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { Switch } from '../../../components/switch';
import { TextInput } from '../../../components/text-input';
import { retryAfterSeconds } from '../../../lib/api-error';
import { notifyError, notifySuccess } from '../../../lib/toast';
import { useValidatedForm } from '../../../lib/validation';
import { createSessionPorts } from '../../../lib/session/session-ports';
import { verificationFormSchema, type VerificationForm } from '../forms';
import { failureCause } from '../failure-cause';
import { authMessages, plainMessages } from '../messages';
import { TermsNotice } from './terms-notice';

export interface VerificationStepProps {
  email: string;
  /** product.md §5: login says 'Invalid verification code.', signup 'Please enter verification code'. */
  emptyCodeMessage: string;
  /** The alert for a falsy answer (error null) or a failed call. */
  failureMessage: (error: unknown | null) => string;
  /** The code was accepted: its answer is the session now (lib/session/sign-in). */
  onVerified: (auth: AuthResponse, rememberMe: boolean) => void;
  /** Seconds until 'Resend' may be used, when the first send was rate limited. */
  initialResendWait?: number;
  onChangeEmail?: () => void;
}

/** Step 2 of login and signup: the e-mailed one-time code, 'Resend', 'Remember me', 'Sign In'. */
export function VerificationStep({ email, emptyCodeMessage, failureMessage, onVerified, initialResendWait = 0, onChangeEmail }: VerificationStepProps) {
  const queryClient = useQueryClient();
  const [ports] = useState(() => createSessionPorts(queryClient));
  const [alert, setAlert] = useState<string | null>(null);
  const [resendAvailableAt, setResendAvailableAt] = useState(() => (initialResendWait > 0 ? Date.now() + initialResendWait * 1000 : 0));
  const [now, setNow] = useState(() => Date.now());
  const waitSeconds = Math.max(0, Math.ceil((resendAvailableAt - now) / 1000));

  useEffect(() => {
    if (resendAvailableAt <= Date.now()) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [resendAvailableAt]);

  const form = useValidatedForm<VerificationForm>(verificationFormSchema(emptyCodeMessage), {
    defaultValues: { code: '', rememberMe: false },
  });

  const verify = useMutation({
    mutationFn: async (values: VerificationForm) => (await import('../../../lib/session/sign-in')).signInByCode(ports, email, values.code, { remember: values.rememberMe }),
    onSuccess: (auth, values) => {
      if (auth) onVerified(auth, values.rememberMe);
      else setAlert(failureMessage(null));
    },
    onError: (error) => setAlert(failureCause(error) ?? failureMessage(error)),
  });

  const resend = useMutation({
    mutationFn: () => ports.sendVerificationCode(email),
    onSuccess: () => notifySuccess(authMessages.codeSent),
    onError: (error) => {
      const wait = retryAfterSeconds(error);
      if (wait) {
        setNow(Date.now());
        setResendAvailableAt(Date.now() + wait * 1000);
        notifyError(plainMessages.waitBeforeResend(wait));
        return;
      }
      notifyError(failureCause(error) ?? authMessages.codeSendFailed);
    },
  });

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
        <h2 id="verification-title">Verification</h2>
        {initialResendWait > 0 ? (
          <p>
            A verification code was sent to <strong>{email}</strong> moments ago. It is valid for 10 minutes.
          </p>
        ) : (
          <p>
            We sent a verification code to <strong>{email}</strong>. It is valid for 10 minutes.
          </p>
        )}
      </header>
      <AlertBanner type="alert-danger" message={alert} onClose={() => setAlert(null)} />
      <div className="auth-form__fields">
        <TextInput
          label="Verification code"
          placeholder="Paste verification code"
          autoComplete="one-time-code"
          inputMode="numeric"
          autoFocus
          error={errors.code?.message}
          {...form.register('code')}
        />
        <div className="auth-form__row">
          <Switch label="Remember me" {...form.register('rememberMe')} />
          <Button variant="link" onClick={() => resend.mutate()} disabled={resend.isPending || waitSeconds > 0}>
            Resend
          </Button>
        </div>
        <p className="auth-form__wait" aria-live="polite">
          {waitSeconds > 0 ? `You can ask for a new code in ${waitSeconds} seconds.` : ''}
        </p>
      </div>
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
