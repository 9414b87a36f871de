import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthResponse } from '@careers/contracts/identity';
import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { TextInput } from '../../../components/text-input';
import { retryAfterSeconds } from '../../../lib/api-error';
import { authStore } from '../../../lib/auth-store';
import { safeReturnUrl } from '../../../lib/return-url';
import { FORM_VALIDATION_MODE } from '../../../lib/validation';
import { canLogIn } from '../api/can-log-in';
import { sendVerificationCode } from '../../../lib/api/send-verification-code';
import { loginEmailFormSchema, type LoginEmailForm } from '../forms';
import { authMessages } from '../messages';
import { TermsNotice } from './terms-notice';
import { VerificationStep } from './verification-step';
import './auth-form.css';

/** SPEC §2: after a successful login without a returnUrl the candidate lands on the applications. */
const AFTER_LOGIN_PATH = '/applications';

class LoginStepError extends Error {}

/** Sends the code; a 429 means a code went out moments ago, so the user continues and waits to resend. */
async function startLogin(email: string): Promise<{ resendWait: number }> {
  try {
    await canLogIn(email);
  } catch {
    throw new LoginStepError(authMessages.invalidEmailAddress);
  }
  try {
    await sendVerificationCode(email);
    return { resendWait: 0 };
  } catch (error) {
    const wait = retryAfterSeconds(error);
    if (wait) return { resendWait: wait };
    throw new LoginStepError(authMessages.codeSendFailed);
  }
}

/** The two-step sign in of SPEC §2: e-mail, then the one-time code. */
export function LoginForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const [alert, setAlert] = useState<string | null>(null);
  const [verification, setVerification] = useState<{ email: string; resendWait: number } | null>(null);

  const form = useForm<LoginEmailForm>({ resolver: zodResolver(loginEmailFormSchema), ...FORM_VALIDATION_MODE, defaultValues: { email: '' } });

  const start = useMutation({
    mutationFn: (values: LoginEmailForm) => startLogin(values.email),
    onSuccess: (result, values) => setVerification({ email: values.email, resendWait: result.resendWait }),
    onError: (error) => setAlert(error instanceof LoginStepError ? error.message : authMessages.invalidEmailAddress),
  });

  const onVerified = (auth: AuthResponse, rememberMe: boolean) => {
    queryClient.clear();
    authStore.set(auth, { remember: rememberMe });
    navigate(safeReturnUrl(searchParams.get('returnUrl')) ?? AFTER_LOGIN_PATH, { replace: true });
  };

  if (verification) {
    return (
      <VerificationStep
        email={verification.email}
        initialResendWait={verification.resendWait}
        emptyCodeMessage={authMessages.invalidVerificationCode}
        failureMessage={() => authMessages.invalidVerificationCode}
        onVerified={onVerified}
        onChangeEmail={() => setVerification(null)}
      />
    );
  }

  const { errors } = form.formState;
  return (
    <form
      className="auth-form"
      noValidate
      aria-labelledby="login-title"
      onSubmit={form.handleSubmit((values) => {
        setAlert(null);
        start.mutate(values);
      })}
    >
      <header className="auth-form__header">
        <h1 id="login-title">Candidate Portal</h1>
        <p>Sign in with a one-time code sent to your email address.</p>
      </header>
      <AlertBanner type="alert-danger" message={alert} onClose={() => setAlert(null)} />
      <div className="auth-form__fields">
        <TextInput label="Email" type="email" autoComplete="email" inputMode="email" autoFocus error={errors.email?.message} {...form.register('email')} />
      </div>
      <Button type="submit" busy={start.isPending} fullWidth>
        Get a verification code
      </Button>
      <p className="auth-form__switch">
        {"Don't have an account?"} <Link to="/account/signup">Sign up</Link>
      </p>
      <TermsNotice />
    </form>
  );
}
