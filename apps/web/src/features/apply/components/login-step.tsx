import type { Ref } from 'react';
import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { TextInput } from '../../../components/text-input';
import { useValidatedForm } from '../../../lib/validation';
import type { LoginEmailValues } from '../forms';
import { preloadVerificationStep } from './verification-step';

export interface LoginStepProps {
  headingRef: Ref<HTMLHeadingElement>;
  defaultEmail: string;
  busy: boolean;
  alert: string | null;
  onAlertChange: (message: string | null) => void;
  onSubmit: (loginEmail: string) => void;
  onSignUp: () => void;
}

/** The login step: an e-mailed code signs the candidate in; the CV is chosen afterwards. */
export function LoginStep({
  headingRef,
  defaultEmail,
  busy,
  alert,
  onAlertChange,
  onSubmit,
  onSignUp,
}: LoginStepProps) {
  const form = useValidatedForm<LoginEmailValues>(() => import('../forms').then((module) => module.loginEmailSchema), {
    defaultValues: { loginEmail: defaultEmail },
  });
  return (
    <form
      className="apply-step"
      noValidate
      aria-labelledby="apply-login-title"
      onSubmit={form.handleSubmit((values) => {
        // The code step comes next: its chunk loads while the login check runs.
        preloadVerificationStep();
        onSubmit(values.loginEmail);
      })}
    >
      <h2 id="apply-login-title" className="apply-step__title" ref={headingRef} tabIndex={-1}>
        Sign in
      </h2>
      <p className="apply-step__lead">
        We will email you a verification code. After signing in you choose the CV for this application.
      </p>
      <AlertBanner type="alert-danger" message={alert} onClose={() => onAlertChange(null)} />
      <div className="apply-step__fields">
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={form.formState.errors.loginEmail?.message}
          disabled={busy}
          {...form.register('loginEmail')}
        />
      </div>
      <Button type="submit" busy={busy} fullWidth>
        Get a verification code
      </Button>
      <p className="apply-step__switch">
        Don&apos;t have an account?{' '}
        <Button variant="link" onClick={onSignUp} disabled={busy}>
          Sign up
        </Button>
      </p>
    </form>
  );
}
