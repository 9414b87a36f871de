import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { TextInput } from '../../../components/text-input';
import { serverErrors, toApiError } from '../../../lib/api-error';
import { authStore } from '../../../lib/auth-store';
import { useValidatedForm } from '../../../lib/validation';
import { login } from '../../../lib/api/identity/login';
import { resetPassword } from '../../../lib/api/identity/reset-password';
import type { ResetPasswordForm } from '../forms';
import { authMessages } from '../messages';
import './auth-form.css';
import { paths } from '../../../lib/paths';
import { ResetLinkGate } from '../../../components/reset-link-gate';

const AFTER_RESET_PATH = '/';

class ResetStepError extends Error {}

/**
 * Sets the new password and signs in (product.md §2): with the session the reset answers (decision 0290),
 * or, from a service that answers none, with a password login.
 */
async function resetAndSignIn(email: string, token: string, values: ResetPasswordForm) {
  let failure: string | null = null;
  let result;
  try {
    result = await resetPassword({
      email,
      token,
      password: values.password,
      confirmPassword: values.confirmPassword,
    });
    if (!result.succeeded) failure = result.errors.join('\n') || authMessages.resetLinkFailed;
  } catch (error) {
    failure = serverErrors(toApiError(error).body).join('\n') || authMessages.resetLinkFailed;
  }
  if (failure || !result) throw new ResetStepError(failure ?? authMessages.resetLinkFailed);
  if (result.session) return result.session;

  let auth;
  try {
    auth = await login({ email, password: values.password });
  } catch {
    throw new ResetStepError(authMessages.exception);
  }
  if (!auth.success || !auth.accessToken) throw new ResetStepError(auth.feedbackMessage || authMessages.loginFailed);
  return auth;
}

/** An employer's reset link on the console's own page (decision 0290): /employer/reset/{email}/{token}. */
const employerResetPath = (email: string, token: string) =>
  `${paths.employer}/reset/${encodeURIComponent(email)}/${token}`;

/** /account/reset/{email}/{token}: checks the link first, then the form (decision 0290). */
export function ResetPasswordPage({ email, token }: { email: string; token: string }) {
  return (
    <ResetLinkGate
      email={email}
      token={token}
      newLinkPath={paths.requestPasswordReset}
      signInPath={paths.login}
      employerPage={employerResetPath(email, token)}
    >
      <ResetPasswordForm email={email} token={token} />
    </ResetLinkGate>
  );
}

export function ResetPasswordForm({ email, token }: { email: string; token: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useValidatedForm<ResetPasswordForm>(
    () => import('../forms').then((module) => module.resetPasswordFormSchema),
    {
      defaultValues: { password: '', confirmPassword: '' },
    },
  );

  const reset = useMutation({
    mutationFn: (values: ResetPasswordForm) => resetAndSignIn(email, token, values),
    onSuccess: (auth) => {
      queryClient.clear();
      authStore.set(auth);
      navigate(AFTER_RESET_PATH, { replace: true });
    },
    onError: (error) => setAlert(error instanceof ResetStepError ? error.message : authMessages.exception),
  });

  const { errors } = form.formState;
  return (
    <form
      className="auth-form"
      noValidate
      aria-labelledby="reset-title"
      onSubmit={form.handleSubmit(
        (values) => {
          setAlert(null);
          reset.mutate(values);
        },
        () => setAlert(authMessages.correctTheErrors),
      )}
    >
      <header className="auth-form__header">
        <h1 id="reset-title">Choose a new password</h1>
        <p>
          For <strong>{email}</strong>. Use at least 8 characters.
        </p>
      </header>
      <AlertBanner type="alert-danger" message={alert} onClose={() => setAlert(null)} />
      <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
      <div className="auth-form__fields">
        <TextInput
          label="New password"
          type="password"
          autoComplete="new-password"
          autoFocus
          error={errors.password?.message}
          {...form.register('password', { deps: ['confirmPassword'] })}
        />
        <TextInput
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
      </div>
      <Button type="submit" busy={reset.isPending} fullWidth>
        {'Save Password & Sign in'}
      </Button>
      <p className="auth-form__switch">
        <Link to={paths.login}>Back to sign in</Link>
      </p>
    </form>
  );
}
