import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { TextInput } from '../../../components/text-input';
import { useValidatedForm } from '../../../lib/validation';
import { requestPasswordReset } from '../../../lib/api/identity/request-password-reset';
import { employerMessages } from '../employer-messages';
import type { EmailForm } from '../forms';
import { employerPaths } from '../paths';

/** /employer/forgot-password: the e-mailed link to /employer/reset, which signs the employer in to the console. */
export function EmployerPasswordLinkForm() {
  const [result, setResult] = useState<{ type: 'alert-success' | 'alert-danger'; message: string } | null>(null);
  const form = useValidatedForm<EmailForm>(() => import('../forms').then((module) => module.emailFormSchema), {
    defaultValues: { email: '' },
  });
  const request = useMutation({
    mutationFn: (values: EmailForm) => requestPasswordReset(values.email),
    onSuccess: () => setResult({ type: 'alert-success', message: employerMessages.resetSent }),
    onError: () => setResult({ type: 'alert-danger', message: employerMessages.resetFailed }),
  });
  return (
    <form
      className="auth-form"
      noValidate
      aria-labelledby="employer-forgot-title"
      onSubmit={form.handleSubmit((values) => {
        setResult(null);
        request.mutate(values);
      })}
    >
      <header className="auth-form__header">
        <h1 id="employer-forgot-title">Set or reset your password</h1>
        <p>Enter the email address of your employer account and we will send you a link to choose a password.</p>
      </header>
      {result ? <AlertBanner type={result.type} message={result.message} onClose={() => setResult(null)} /> : null}
      <div className="auth-form__fields">
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          autoFocus
          error={form.formState.errors.email?.message}
          {...form.register('email')}
        />
      </div>
      <Button type="submit" busy={request.isPending} fullWidth>
        Send me a link
      </Button>
      <p className="auth-form__switch">
        <Link to={employerPaths.login}>Back to sign in</Link>
      </p>
    </form>
  );
}
