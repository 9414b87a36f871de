import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CV_MAX_BYTES } from '@careers/contracts/candidate';
import type { AuthResponse } from '@careers/contracts/identity';
import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { FileDropArea } from '../../../components/file-drop-area';
import { TextInput } from '../../../components/text-input';
import { firstServerErrorOr, toApiError } from '../../../lib/api-error';
import { authStore } from '../../../lib/auth-store';
import { useValidatedForm } from '../../../lib/validation';
import { canLogIn } from '../api/can-log-in';
import { createCandidate } from '../../../lib/api/create-candidate';
import { registerCandidateUser } from '../../../lib/api/register-candidate-user';
import { sendVerificationCode } from '../../../lib/api/send-verification-code';
import { uploadCv } from '../../../lib/api/upload-cv';
import { signupFormSchema, type SignupForm } from '../forms';
import { authMessages } from '../messages';
import { TermsNotice } from './terms-notice';
import { VerificationStep } from './verification-step';
import './auth-form.css';

const AFTER_SIGNUP_PATH = '/applications';
const SIGNUP_CV_EXTENSIONS = ['pdf'] as const;

class SignupStepError extends Error {}

/**
 * product.md §7 signup order: login check; only on 404 continue with bot check, registration, candidate record,
 * optional CV upload and the code e-mail. The registration's tokens become the session.
 */
async function createAccount(values: SignupForm, cv: File | null): Promise<void> {
  let alreadyRegistered: boolean;
  try {
    await canLogIn(values.email);
    alreadyRegistered = true;
  } catch (error) {
    if (toApiError(error).status !== 404) throw new SignupStepError(authMessages.accountCreationFailed);
    alreadyRegistered = false;
  }
  if (alreadyRegistered) throw new SignupStepError(authMessages.invalidEmailAddress);

  let registration;
  try {
    registration = await registerCandidateUser({ name: values.name, email: values.email, phone: values.phone });
  } catch (error) {
    throw new SignupStepError(firstServerErrorOr(error));
  }
  authStore.set({
    id: registration.userId as string,
    name: values.name,
    email: values.email,
    phone: values.phone,
    accessToken: registration.accessToken,
    refreshToken: registration.refreshToken,
    refreshTokenExpiryTime: null,
    success: true,
    feedbackMessage: null,
  });
  try {
    await createCandidate({ name: values.name, email: values.email, phoneNumber: values.phone, postcode: values.postCode });
    if (cv) await uploadCv(cv);
    await sendVerificationCode(values.email);
  } catch {
    throw new SignupStepError(authMessages.accountCreationFailed);
  }
}

export function SignupForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [alert, setAlert] = useState<string | null>(null);
  const [cv, setCv] = useState<File | null>(null);
  const [verifyingEmail, setVerifyingEmail] = useState<string | null>(null);

  const form = useValidatedForm<SignupForm>(signupFormSchema, {
    defaultValues: { name: '', email: '', phone: '', postCode: '' },
  });

  const signup = useMutation({
    mutationFn: (values: SignupForm) => createAccount(values, cv),
    onSuccess: (_result, values) => setVerifyingEmail(values.email),
    onError: (error) => setAlert(error instanceof SignupStepError ? error.message : authMessages.accountCreationFailed),
  });

  const onVerified = (auth: AuthResponse, rememberMe: boolean) => {
    queryClient.clear();
    authStore.set(auth, { remember: rememberMe });
    navigate(AFTER_SIGNUP_PATH, { replace: true });
  };

  if (verifyingEmail) {
    return (
      <VerificationStep
        email={verifyingEmail}
        emptyCodeMessage={authMessages.enterVerificationCode}
        failureMessage={(error) => (error ? firstServerErrorOr(error) : authMessages.invalidVerificationCode)}
        onVerified={onVerified}
        onAddressCorrected={setVerifyingEmail}
      />
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
        <p>Create your candidate account. We will email you a code to confirm it.</p>
      </header>
      <AlertBanner type="alert-danger" message={alert} onClose={() => setAlert(null)} />
      <div className="auth-form__fields">
        <TextInput label="Name" autoComplete="name" error={errors.name?.message} {...form.register('name')} />
        <TextInput label="Email" type="email" autoComplete="email" inputMode="email" error={errors.email?.message} {...form.register('email')} />
        <TextInput label="Phone" type="tel" autoComplete="tel" inputMode="tel" error={errors.phone?.message} {...form.register('phone')} />
        <TextInput label="Post code" autoComplete="postal-code" error={errors.postCode?.message} {...form.register('postCode')} />
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
        <Link to="/account/login">Already have an account?</Link>
      </p>
      <TermsNotice />
    </form>
  );
}
