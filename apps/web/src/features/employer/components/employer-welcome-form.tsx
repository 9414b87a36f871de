import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { TextInput } from '../../../components/text-input';
import { authStore } from '../../../lib/auth-store';
import { useValidatedForm } from '../../../lib/validation';
import type { SetPasswordForm } from '../set-password-schema';
import { SetPasswordError, setPasswordAndSignIn } from '../employer-session';
import { employerMessages } from '../employer-messages';
import { employerPaths } from '../paths';
import { ResetLinkGate } from '../../../components/reset-link-gate';

/**
 * /employer/welcome/{email}/{token}: the page of the one e-mail an employer's sign-up sends (decision
 * 0250); /employer/reset/{email}/{token}: an employer's reset link (decision 0290), the same flow in its
 * own words. It saves the password (which proves the address), signs in and opens the console. The link
 * is checked first: a used or expired one says so before the form.
 */
export function EmployerWelcomeForm({
  email,
  token,
  purpose = 'welcome',
}: {
  email: string;
  token: string;
  purpose?: 'welcome' | 'reset';
}) {
  return (
    <ResetLinkGate
      email={email}
      token={token}
      newLinkPath={employerPaths.forgotPassword}
      signInPath={employerPaths.login}
    >
      <SetPasswordForm email={email} token={token} purpose={purpose} />
    </ResetLinkGate>
  );
}

function SetPasswordForm({ email, token, purpose }: { email: string; token: string; purpose: 'welcome' | 'reset' }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [failure, setFailure] = useState<SetPasswordError | null>(null);
  const form = useValidatedForm<SetPasswordForm>(
    () => import('../set-password-schema').then((module) => module.setPasswordFormSchema),
    { defaultValues: { password: '', confirmPassword: '' } },
  );

  // A page of its own, opened from an e-mail: a screen reader starts at what it is for.
  useEffect(() => headingRef.current?.focus({ preventScroll: true }), []);

  const save = useMutation({
    mutationFn: (values: SetPasswordForm) =>
      setPasswordAndSignIn(email, token, values.password, values.confirmPassword),
    onSuccess: (auth) => {
      queryClient.clear();
      authStore.set(auth, { remember: true });
      navigate(employerPaths.jobs, { replace: true });
    },
    onError: (error) =>
      setFailure(error instanceof SetPasswordError ? error : new SetPasswordError(employerMessages.linkFailed, false)),
  });

  const { errors } = form.formState;
  return (
    <form
      className="auth-form"
      noValidate
      aria-labelledby="employer-welcome-title"
      onSubmit={form.handleSubmit((values) => {
        setFailure(null);
        save.mutate(values);
      })}
    >
      <header className="auth-form__header">
        <h1 id="employer-welcome-title" ref={headingRef} tabIndex={-1}>
          {purpose === 'welcome' ? 'Welcome, set your password' : 'Choose a new password'}
        </h1>
        <p>
          For <strong>{email}</strong>. Use at least 8 characters.{' '}
          {purpose === 'welcome'
            ? 'Saving it confirms your address and opens your employer console.'
            : 'Saving it signs you in to your employer console.'}
        </p>
      </header>
      <AlertBanner type="alert-danger" message={failure?.message} onClose={() => setFailure(null)} />
      {failure && !failure.passwordSaved ? (
        <p className="auth-form__hint">
          <Link to={employerPaths.forgotPassword}>Send me a new link</Link>
        </p>
      ) : null}
      <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
      <div className="auth-form__fields">
        <TextInput
          label="New password"
          type="password"
          autoComplete="new-password"
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
      {failure?.passwordSaved ? (
        <Link className="btn btn--primary btn--full" to={employerPaths.login}>
          Sign in with your new password
        </Link>
      ) : (
        <Button type="submit" busy={save.isPending} fullWidth>
          Save password and open the console
        </Button>
      )}
      <p className="auth-form__switch">
        <Link to={employerPaths.login}>Back to sign in</Link>
      </p>
    </form>
  );
}
