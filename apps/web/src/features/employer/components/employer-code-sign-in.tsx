import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { AuthResponse } from '@careers/contracts/identity';
import { Button } from '../../../components/button';
import { CodeEntry, useCodeResend } from '../../../components/code-entry';
import { firstServerErrorOr } from '../../../lib/api-error';
import { failureCause } from '../../../lib/failure-cause';
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

  const resend = useCodeResend(email, () => sendVerificationCode(email));
  // The first code: a 429 means one went out moments ago, so the code step opens with Resend waiting.
  const sendFirst = async () => {
    if ((await resend.send()) !== 'failed') setSent(true);
  };
  const verify = useMutation({
    mutationFn: (values: EmployerCodeForm) => verifyCode(email, values.code),
    onSuccess: (auth) => (auth ? onSignedIn(auth) : setAlert('Invalid verification code.')),
    onError: (error) => setAlert(failureCause(error) ?? firstServerErrorOr(error)),
  });

  const { errors } = form.formState;
  if (!sent) {
    return (
      <div className="auth-form" aria-labelledby="employer-code-title" role="group">
        <header className="auth-form__header">
          <h1 id="employer-code-title">Sign in with a code</h1>
          <p>We will email a one-time code to {email}.</p>
        </header>
        <Button type="button" busy={resend.pending} fullWidth onClick={() => void sendFirst()}>
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
      <CodeEntry
        resend={resend}
        field={form.register('code')}
        error={errors.code?.message}
        failure={alert}
        onFailureClose={() => setAlert(null)}
        autoFocus
      />
      <Button type="submit" busy={verify.isPending} fullWidth>
        Sign In
      </Button>
      <p className="auth-form__switch">
        <Button variant="link" onClick={onBack}>
          Use my password instead
        </Button>
      </p>
    </form>
  );
}
