import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NOBODY_LOGGED_IN } from '@careers/contracts/identity-values';
import { paths } from '../../../lib/paths';
import { canLogInAsCandidate, EmployerAccountError } from '../../../lib/api/identity/can-log-in';
import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { TextInput } from '../../../components/text-input';
import { authStore } from '../../../lib/auth-store';
import { signInNotice } from '../../../lib/sign-in-notice';
import { safeReturnUrl } from '../../../lib/return-url';
import { useValidatedForm } from '../../../lib/validation';
import { createSessionPorts, type SessionPorts } from '../../../lib/session/session-ports';
import type { LoginEmailForm } from '../forms';
import { failureCause } from '../../../lib/failure-cause';
import { authMessages, plainMessages } from '../messages';
import { TermsNotice } from './terms-notice';
import './auth-form.css';

// The code step loads when the code has been sent (the page's first-load budget, js-budget); its chunk
// is asked for as the first step's calls start.
const loadVerificationStep = () => import('./verification-step');
const VerificationStep = lazy(() => loadVerificationStep().then((module) => ({ default: module.VerificationStep })));

/** product.md §2: after a successful login without a returnUrl the candidate lands on the applications. */
const AFTER_LOGIN_PATH = paths.applications;

class LoginStepError extends Error {
  constructor(
    message: string,
    /** The address has no account: offer sign-up beside SPEC's message. */
    readonly noAccount = false,
    /** The address is an employer's: say where it signs in (docs/decisions/0251). */
    readonly employerAccount = false,
  ) {
    super(message);
  }
}

/** Step 1 through the session layer: the login check, then the code (a 429 means one went out moments ago: go on, and wait to resend). */
async function startLogin(ports: SessionPorts, email: string): Promise<{ resendWait: number }> {
  // The session flow loads on submit, keeping the page's first JavaScript small; so does the code step.
  void loadVerificationStep();
  const { requestSignInCode, SignInError } = await import('../../../lib/session/sign-in');
  let outcome;
  try {
    outcome = await requestSignInCode({ ...ports, canLogIn: canLogInAsCandidate }, email);
  } catch (error) {
    const cause = error instanceof SignInError ? error.cause : error;
    if (cause instanceof EmployerAccountError) throw new LoginStepError(plainMessages.employerAccount, false, true);
    // SPEC's 'Invalid email address' when the check could not say yes; the real cause when it could not say at all.
    if (error instanceof SignInError && error.step === 'send')
      throw new LoginStepError(failureCause(cause) ?? authMessages.codeSendFailed);
    throw new LoginStepError(failureCause(cause) ?? authMessages.invalidEmailAddress);
  }
  if (outcome.kind === 'noAccount') throw new LoginStepError(authMessages.invalidEmailAddress, true);
  return { resendWait: outcome.resendWaitSeconds };
}

/** The two-step sign in of product.md §2: e-mail, then the one-time code. */
export function LoginForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [ports] = useState(() => createSessionPorts(queryClient));
  const [searchParams] = useSearchParams();
  const [alert, setAlert] = useState<string | null>(null);
  const [noAccount, setNoAccount] = useState(false);
  const [employerAccount, setEmployerAccount] = useState(false);
  // A session that ended (refresh refused, token gone) leaves its reason in the store: say so once.
  const [sessionEnded] = useState(() => {
    const stored = authStore.get();
    return (
      stored.id === -1 &&
      !authStore.signedOutByUser() &&
      Boolean(stored.feedbackMessage) &&
      stored.feedbackMessage !== NOBODY_LOGGED_IN
    );
  });
  // What the page that sent the visitor here had to say (the account deletion: nothing of the account is left).
  const [notice] = useState(() => signInNotice.peek());
  useEffect(() => () => signInNotice.clear(), []);
  const [verification, setVerification] = useState<{ email: string; resendWait: number } | null>(null);

  const form = useValidatedForm<LoginEmailForm>(
    () => import('../forms').then((module) => module.loginEmailFormSchema),
    { defaultValues: { email: '' } },
  );

  const start = useMutation({
    mutationFn: (values: LoginEmailForm) => startLogin(ports, values.email),
    onSuccess: (result, values) => setVerification({ email: values.email, resendWait: result.resendWait }),
    onError: (error) => {
      setAlert(error instanceof LoginStepError ? error.message : authMessages.invalidEmailAddress);
      setNoAccount(error instanceof LoginStepError && error.noAccount);
      setEmployerAccount(error instanceof LoginStepError && error.employerAccount);
    },
  });

  // The verification step made the code's answer the session (lib/session/sign-in).
  const onVerified = () => {
    navigate(safeReturnUrl(searchParams.get('returnUrl')) ?? AFTER_LOGIN_PATH, { replace: true });
  };

  if (verification) {
    return (
      <Suspense fallback={null}>
        <VerificationStep
          email={verification.email}
          initialResendWait={verification.resendWait}
          emptyCodeMessage={authMessages.invalidVerificationCode}
          failureMessage={() => authMessages.invalidVerificationCode}
          onVerified={onVerified}
          onChangeEmail={() => setVerification(null)}
        />
      </Suspense>
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
        setNoAccount(false);
        setEmployerAccount(false);
        start.mutate(values);
      })}
    >
      <header className="auth-form__header">
        <h1 id="login-title">Candidate Portal</h1>
        <p>Sign in with a one-time code sent to your email address.</p>
      </header>
      {notice && !alert ? (
        <p className="auth-form__notice" role="status">
          {notice}
        </p>
      ) : null}
      {sessionEnded && !notice && !alert ? (
        <p className="auth-form__notice" role="status">
          {plainMessages.sessionEnded}
        </p>
      ) : null}
      <AlertBanner type="alert-danger" message={alert} onClose={() => setAlert(null)} />
      {noAccount ? (
        <p className="auth-form__hint">
          {plainMessages.noAccountHint} <Link to={paths.signup}>Sign up</Link>
        </p>
      ) : null}
      {employerAccount ? (
        <p className="auth-form__hint">
          <Link to={paths.employer}>Go to the employer sign-in</Link>
        </p>
      ) : null}
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
      <Button type="submit" busy={start.isPending} fullWidth>
        Get a verification code
      </Button>
      <p className="auth-form__switch">
        {"Don't have an account?"} <Link to={paths.signup}>Sign up</Link>
      </p>
      {/* Candidates sign in with an e-mailed code: a "Forgot password?" here sent them to reset a password
          they never use. The reset page stays at its address for the links it e-mails. */}
      <p className="auth-form__switch">No password needed: we email you a code.</p>
      <TermsNotice />
    </form>
  );
}
