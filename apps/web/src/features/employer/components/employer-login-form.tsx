import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthResponse } from '@careers/contracts/identity';
import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { TextInput } from '../../../components/text-input';
import { authStore } from '../../../lib/auth-store';
import { useValidatedForm } from '../../../lib/validation';
import { EmployerLoginError, employerLogin } from '../employer-session';
import { EmployerCodeSignIn } from './employer-code-sign-in';
import type { EmployerLoginForm } from '../forms';
import { employerPaths } from '../paths';

/** Only a path inside the console is a place to come back to after signing in. */
function returnPath(value: string | null): string {
  const home = employerPaths.jobs;
  const inside = value !== null && (value === home || value.startsWith(`${home}/`) || value.startsWith(`${home}?`));
  return inside ? value : home;
}

/** /employer/login: e-mail and password (business users keep passwords). */
export function EmployerLoginForm() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const [alert, setAlert] = useState<string | null>(null);
  const [needsBotCheck, setNeedsBotCheck] = useState(false);
  const [codeFor, setCodeFor] = useState<string | null>(null);
  const form = useValidatedForm<EmployerLoginForm>(
    () => import('../forms').then((module) => module.employerLoginFormSchema),
    {
      defaultValues: { email: '', password: '' },
    },
  );

  const signedIn = (auth: AuthResponse) => {
    queryClient.clear();
    authStore.set(auth, { remember: true });
    navigate(returnPath(searchParams.get('returnUrl')), { replace: true });
  };
  const login = useMutation({
    mutationFn: (values: EmployerLoginForm) => employerLogin(values, needsBotCheck),
    onSuccess: signedIn,
    onError: (error) => {
      if (error instanceof EmployerLoginError) {
        setNeedsBotCheck(error.botCheckRequired);
        setAlert(error.message);
      } else setAlert(error.message);
    },
  });

  const { errors } = form.formState;
  if (codeFor) return <EmployerCodeSignIn email={codeFor} onSignedIn={signedIn} onBack={() => setCodeFor(null)} />;
  // A code instead of the password: the e-mail field must hold a valid address first.
  const chooseCode = async () => {
    if (await form.trigger('email')) setCodeFor(form.getValues('email').trim());
  };
  return (
    <form
      className="auth-form"
      noValidate
      aria-labelledby="employer-login-title"
      onSubmit={form.handleSubmit((values) => {
        setAlert(null);
        login.mutate(values);
      })}
    >
      <header className="auth-form__header">
        <h1 id="employer-login-title">Employer sign in</h1>
        <p>Post jobs, share their links and follow your candidates.</p>
      </header>
      <AlertBanner type="alert-danger" message={alert} onClose={() => setAlert(null)} />
      <div className="auth-form__fields">
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          inputMode="email"
          autoFocus
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextInput
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
      </div>
      {needsBotCheck ? (
        <p className="auth-form__notice">
          After a few failed tries, signing in also runs a quick automatic check that you are not a robot.
        </p>
      ) : null}
      <Button type="submit" busy={login.isPending} fullWidth>
        Sign In
      </Button>
      <Button variant="link" onClick={() => void chooseCode()}>
        Email me a sign-in code instead
      </Button>
      <p className="auth-form__switch">
        <Link to={employerPaths.forgotPassword}>Forgotten or not yet set your password?</Link>
      </p>
      <p className="auth-form__switch">
        New here? <Link to={employerPaths.signup}>Create an employer account</Link>
      </p>
    </form>
  );
}
