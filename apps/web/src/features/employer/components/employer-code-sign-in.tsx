import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { AuthResponse } from '@careers/contracts/identity';
import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { TextInput } from '../../../components/text-input';
import { retryAfterSeconds, firstServerErrorOr } from '../../../lib/api-error';
import { sendVerificationCode } from '../../../lib/api/identity/send-verification-code';
import { verifyCode } from '../../../lib/api/identity/verify-code';
import { useValidatedForm } from '../../../lib/validation';
import type { EmployerCodeForm } from '../forms';

/**
 * Signing in with a one-time code e-mailed to the employer's address (issue 14), instead of the password:
 * the same identity calls as the candidates' code sign-in (send, then verify with the bot check).
 */
export function EmployerCodeSignIn({
  email,
  onSignedIn,
  onBack,
}: {
  email: string;
  onSignedIn: (auth: AuthResponse) => void;
  onBack: () => void;
}) {
  const [alert, setAlert] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const form = useValidatedForm<EmployerCodeForm>(
    () => import('../forms').then((module) => module.employerCodeFormSchema),
    { defaultValues: { code: '' } },
  );

  const send = useMutation({
    mutationFn: () => sendVerificationCode(email),
    onSuccess: () => {
      setAlert(null);
      setSent(true);
    },
    onError: (error) => {
      const wait = retryAfterSeconds(error);
      setAlert(wait ? `A code was sent a moment ago. Try again in ${wait} seconds.` : firstServerErrorOr(error));
    },
  });
  const verify = useMutation({
    mutationFn: (values: EmployerCodeForm) => verifyCode(email, values.code),
    onSuccess: (auth) => (auth ? onSignedIn(auth) : setAlert('Invalid verification code.')),
    onError: (error) => setAlert(firstServerErrorOr(error)),
  });

  const { errors } = form.formState;
  if (!sent) {
    return (
      <div className="auth-form" aria-labelledby="employer-code-title" role="group">
        <header className="auth-form__header">
          <h1 id="employer-code-title">Sign in with a code</h1>
          <p>We will e-mail a one-time code to {email}.</p>
        </header>
        <AlertBanner type="alert-danger" message={alert} onClose={() => setAlert(null)} />
        <Button type="button" busy={send.isPending} fullWidth onClick={() => send.mutate()}>
          Email me a code
        </Button>
        <p className="auth-form__switch">
          <Button variant="link" onClick={onBack}>
            Use my password instead
          </Button>
        </p>
      </div>
    );
  }
  return (
    <form
      className="auth-form"
      noValidate
      aria-labelledby="employer-code-title"
      onSubmit={form.handleSubmit((values) => {
        setAlert(null);
        verify.mutate(values);
      })}
    >
      <header className="auth-form__header">
        <h1 id="employer-code-title">Sign in with a code</h1>
        <p>We sent a code to {email}. It works once, for a short while.</p>
      </header>
      <AlertBanner type="alert-danger" message={alert} onClose={() => setAlert(null)} />
      <div className="auth-form__fields">
        <TextInput
          label="Code"
          autoComplete="one-time-code"
          inputMode="numeric"
          autoFocus
          error={errors.code?.message}
          {...form.register('code')}
        />
      </div>
      <Button type="submit" busy={verify.isPending} fullWidth>
        Sign In
      </Button>
      <p className="auth-form__switch">
        <Button variant="link" disabled={send.isPending} onClick={() => send.mutate()}>
          Resend
        </Button>
      </p>
      <p className="auth-form__switch">
        <Button variant="link" onClick={onBack}>
          Use my password instead
        </Button>
      </p>
    </form>
  );
}
