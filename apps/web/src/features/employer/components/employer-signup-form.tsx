import { PageTitle } from '../../../components/page-title';
import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { TextInput } from '../../../components/text-input';
import { firstServerErrorOr } from '../../../lib/api-error';
import { useValidatedForm } from '../../../lib/validation';
import { signUpEmployer } from '../employer-session';
import { employerMessages } from '../employer-messages';
import type { EmployerSignupForm } from '../forms';
import { employerPaths } from '../paths';

/**
 * /employer/signup: the person and their business, with the invisible bot check. The password is chosen
 * from the e-mailed link, which also proves the address (docs/decisions/0151).
 */
export function EmployerSignupForm() {
  const [alert, setAlert] = useState<string | null>(null);
  const form = useValidatedForm<EmployerSignupForm>(
    () => import('../forms').then((module) => module.employerSignupFormSchema),
    {
      defaultValues: { name: '', email: '', phone: '', businessName: '', city: '' },
    },
  );
  const signup = useMutation({
    mutationFn: signUpEmployer,
    onError: (error) => setAlert(firstServerErrorOr(error) || employerMessages.signupFailed),
  });

  if (signup.isSuccess) {
    return (
      <section className="auth-form" aria-labelledby="employer-signup-done">
        <header className="auth-form__header">
          <PageTitle title="Check your inbox · Employer" />
          <h1 id="employer-signup-done">Check your inbox</h1>
        </header>
        <AlertBanner type="alert-success" message={employerMessages.signupDone} />
        <p className="auth-form__switch">
          <Link to={employerPaths.login}>Go to sign in</Link>
        </p>
      </section>
    );
  }

  const { errors } = form.formState;
  return (
    <form
      className="auth-form"
      noValidate
      aria-labelledby="employer-signup-title"
      onSubmit={form.handleSubmit((values) => {
        setAlert(null);
        signup.mutate(values);
      })}
    >
      <header className="auth-form__header">
        <h1 id="employer-signup-title">Create an employer account</h1>
        <p>We email you a link to confirm your address and choose your password.</p>
      </header>
      <AlertBanner type="alert-danger" message={alert} onClose={() => setAlert(null)} />
      <div className="auth-form__fields">
        <TextInput
          label="Your name"
          autoComplete="name"
          autoFocus
          error={errors.name?.message}
          {...form.register('name')}
        />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextInput
          label="Phone"
          type="tel"
          autoComplete="tel"
          error={errors.phone?.message}
          {...form.register('phone')}
        />
        <TextInput
          label="Business name"
          autoComplete="organization"
          error={errors.businessName?.message}
          {...form.register('businessName')}
        />
        <TextInput
          label="City (optional)"
          autoComplete="address-level2"
          error={errors.city?.message}
          {...form.register('city')}
        />
      </div>
      <Button type="submit" busy={signup.isPending} fullWidth>
        Create account
      </Button>
      <p className="auth-form__switch">
        Already have an account? <Link to={employerPaths.login}>Sign in</Link>
      </p>
    </form>
  );
}
