import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { TextInput } from '../../../components/text-input';
import { toApiError } from '../../../lib/api-error';
import { useValidatedForm } from '../../../lib/validation';
import { requestPasswordReset } from '../../../lib/api/identity/request-password-reset';
import type { ForgotPasswordForm } from '../forms';
import { authMessages } from '../messages';
import './auth-form.css';
import { paths } from '../../../lib/paths';

/** A refused request (400) cannot succeed by retrying; rate limits, server faults and network errors can. */
function resetRequestFailure(error: unknown): string {
  const status = toApiError(error).status;
  return status !== undefined && status < 500 && status !== 429
    ? authMessages.resetLinkFailed
    : authMessages.resetLinkFailedTryLater;
}

export function ForgotPasswordForm() {
  const [result, setResult] = useState<{ type: 'alert-success' | 'alert-danger'; message: string } | null>(null);
  const form = useValidatedForm<ForgotPasswordForm>(
    () => import('../forms').then((module) => module.forgotPasswordFormSchema),
    { defaultValues: { email: '' } },
  );

  const request = useMutation({
    mutationFn: (values: ForgotPasswordForm) => requestPasswordReset(values.email),
    onSuccess: () => setResult({ type: 'alert-success', message: authMessages.resetLinkSent }),
    onError: (error) => setResult({ type: 'alert-danger', message: resetRequestFailure(error) }),
  });

  const { errors } = form.formState;
  return (
    <form
      className="auth-form"
      noValidate
      aria-labelledby="forgot-title"
      onSubmit={form.handleSubmit((values) => {
        setResult(null);
        request.mutate(values);
      })}
    >
      <header className="auth-form__header">
        <h1 id="forgot-title">Forgotten password</h1>
        <p>Enter the email address of your account and we will send you a link to choose a new password.</p>
      </header>
      {result ? <AlertBanner type={result.type} message={result.message} onClose={() => setResult(null)} /> : null}
      <div className="auth-form__fields">
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          autoFocus
          error={errors.email?.message}
          {...form.register('email')}
        />
      </div>
      <Button type="submit" busy={request.isPending} fullWidth>
        Send me a reset link
      </Button>
      <p className="auth-form__switch">
        <Link to={paths.login}>Back to sign in</Link>
      </p>
    </form>
  );
}
