import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CV_MAX_BYTES } from '@careers/contracts/candidate-values';
import { COMPLETE_SIGNUP_PARAM, paths } from '../../../lib/paths';
import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { FileDropArea } from '../../../components/file-drop-area';
import { TextInput } from '../../../components/text-input';
import { firstServerErrorOr } from '../../../lib/api-error';
import { queryKeys } from '../../../lib/query-keys';
import { useAuth } from '../../../lib/use-auth';
import { createSessionPorts, type SessionPorts } from '../../../lib/session/session-ports';
import type { SignUpError } from '../../../lib/session/sign-up';
import { useValidatedForm } from '../../../lib/validation';
import type { SignupForm } from '../forms';
import { failureCause } from '../../../lib/failure-cause';
import { authMessages, plainMessages } from '../messages';
import { TermsNotice } from './terms-notice';
import './auth-form.css';

// The code step loads when the code has been sent (the page's first-load budget, js-budget); its chunk
// is asked for as the first step's calls start.
const loadVerificationStep = () => import('./verification-step');
const VerificationStep = lazy(() => loadVerificationStep().then((module) => ({ default: module.VerificationStep })));

const SIGNUP_CV_EXTENSIONS = ['pdf'] as const;

class SignupStepError extends Error {}

/** SPEC's words for each step that can fail (product.md §8); a refused CV says why, and that the account exists. */
function signUpFailureMessage(error: unknown): string {
  if (!(error instanceof Error) || error.name !== 'SignUpError') return authMessages.accountCreationFailed;
  switch ((error as SignUpError).step) {
    case 'register':
      return firstServerErrorOr(error.cause);
    case 'cv':
      return failureCause(error.cause) ?? plainMessages.signupCvRefused(firstServerErrorOr(error.cause));
    default:
      return authMessages.accountCreationFailed;
  }
}

type SignupResult = { verify: true; resendWait: number } | { verify: false };

/**
 * product.md §7 signup order, through the session layer (lib/session/sign-up): login check; only on 404 bot
 * check, registration, candidate record and the optional CV; then the code e-mail. A retry continues where a
 * failure stopped. A signed-in user completing their sign-up (no candidate record yet) is already verified.
 */
async function createAccount(
  ports: SessionPorts,
  values: SignupForm,
  cv: File | null,
  completing: boolean,
): Promise<SignupResult> {
  // The session flows load on submit, keeping the page's first JavaScript small; so does the code step.
  void loadVerificationStep();
  const [{ signUp }, { sendSignInCode }] = await Promise.all([
    import('../../../lib/session/sign-up'),
    import('../../../lib/session/sign-in'),
  ]);
  let outcome;
  try {
    outcome = await signUp(ports, values, cv);
  } catch (error) {
    throw new SignupStepError(signUpFailureMessage(error));
  }
  if (outcome.kind === 'existingAccount') throw new SignupStepError(authMessages.invalidEmailAddress);
  if (completing) {
    ports.signUpProgress.clear();
    return { verify: false };
  }
  try {
    return { verify: true, resendWait: await sendSignInCode(ports, values.email) };
  } catch (error) {
    throw new SignupStepError(failureCause((error as Error).cause) ?? authMessages.accountCreationFailed);
  }
}

export function SignupForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const { auth, isAuthenticated } = useAuth();
  const [ports] = useState(() => createSessionPorts(queryClient));
  // Sent here by startup: signed in, but the candidate record is missing (issue 12 item 7).
  const [completing] = useState(() => isAuthenticated && searchParams.has(COMPLETE_SIGNUP_PARAM));
  const [alert, setAlert] = useState<string | null>(null);
  const [cv, setCv] = useState<File | null>(null);
  const [verifying, setVerifying] = useState<{ email: string; resendWait: number } | null>(null);

  const form = useValidatedForm<SignupForm>(() => import('../forms').then((module) => module.signupFormSchema), {
    defaultValues: completing
      ? { name: auth.name ?? '', email: auth.email ?? '', phone: auth.phone ?? '', postCode: '' }
      : { name: '', email: '', phone: '', postCode: '' },
  });

  const signup = useMutation({
    mutationFn: (values: SignupForm) => createAccount(ports, values, cv, completing),
    onSuccess: (result, values) => {
      if (result.verify) setVerifying({ email: values.email, resendWait: result.resendWait });
      else {
        // Startup's answer ('incomplete') is stale now that the record exists: the portal runs it again.
        queryClient.removeQueries({ queryKey: queryKeys.startupRoot });
        navigate(paths.applications, { replace: true });
      }
    },
    onError: (error) => setAlert(error instanceof SignupStepError ? error.message : authMessages.accountCreationFailed),
  });

  // The verification step made the code's answer the session (lib/session/sign-in) and ended the sign-up.
  const onVerified = () => navigate(paths.applications, { replace: true });

  if (verifying) {
    return (
      <Suspense fallback={null}>
        <VerificationStep
          email={verifying.email}
          initialResendWait={verifying.resendWait}
          emptyCodeMessage={authMessages.enterVerificationCode}
          failureMessage={(error) => (error ? firstServerErrorOr(error) : authMessages.invalidVerificationCode)}
          onVerified={onVerified}
          onAddressCorrected={(email) => setVerifying((current) => (current ? { ...current, email } : current))}
        />
      </Suspense>
    );
  }

  const { errors } = form.formState;
  return (
    <form
      className="auth-form"
      noValidate
      aria-labelledby="signup-title"
      onSubmit={form.handleSubmit((values) => {
        setAlert(null);
        signup.mutate(values);
      })}
    >
      <header className="auth-form__header">
        <h1 id="signup-title">Sign Up</h1>
        {completing ? (
          <p role="status">{plainMessages.completeSignUp}</p>
        ) : (
          <p>Create your candidate account. We will email you a code to confirm it.</p>
        )}
      </header>
      <AlertBanner type="alert-danger" message={alert} onClose={() => setAlert(null)} />
      <div className="auth-form__fields">
        <TextInput label="Name" autoComplete="name" error={errors.name?.message} {...form.register('name')} />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          readOnly={completing}
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextInput
          label="Phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          error={errors.phone?.message}
          {...form.register('phone')}
        />
        <TextInput
          label="Post code"
          autoComplete="postal-code"
          error={errors.postCode?.message}
          {...form.register('postCode')}
        />
        <FileDropArea
          label="CV (optional)"
          accept={SIGNUP_CV_EXTENSIONS}
          rejectionMessage={authMessages.signupCvRejected}
          maxBytes={CV_MAX_BYTES}
          hint={`Sign-up takes a PDF only, up to ${CV_MAX_BYTES / (1024 * 1024)} MB. You can add Word or text CVs later.`}
          file={cv}
          onFileChange={setCv}
          disabled={signup.isPending}
        />
      </div>
      <Button type="submit" busy={signup.isPending} fullWidth>
        Get a verification code
      </Button>
      <p className="auth-form__switch">
        <Link to={paths.login}>Already have an account?</Link>
      </p>
      <TermsNotice />
    </form>
  );
}
