import { CODE_LIFETIME_TEXT } from '@careers/contracts/limits';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { TextInput } from '../../../components/text-input';
import { retryAfterSeconds, serverErrors, toApiError } from '../../../lib/api-error';
import { authStore } from '../../../lib/auth-store';
import { http } from '../../../lib/http-client';
import { queryKeys } from '../../../lib/query-keys';
import { useAuth } from '../../../lib/use-auth';
import { useValidatedForm } from '../../../lib/validation';
import { useConfirmEmailChange } from '../api/confirm-email-change';
import { usePendingEmailChange } from '../api/pending-email-change';
import { useStartEmailChange } from '../api/start-email-change';
import { accountMessages, tooManyRequests } from '../account-messages';
import type { CodeValues, NewEmailValues } from '../change-email-schemas';

/** The message of a failed call: 429 says when to retry; otherwise the result's errors, one per line. */
function failureMessage(error: unknown, fallback: string): string {
  const wait = retryAfterSeconds(error);
  if (wait) return tooManyRequests(wait);
  const errors = serverErrors(toApiError(error).body);
  return errors.length > 0 ? errors.join('\n') : fallback;
}

/**
 * Two steps (product.md §4): start sends a code to the new address and one to the current address, then both
 * codes confirm the change (a stolen session alone cannot move the account). Other sessions end then.
 */
export function ChangeEmail() {
  const { auth } = useAuth();
  const queryClient = useQueryClient();
  const start = useStartEmailChange();
  const confirm = useConfirmEmailChange();
  // The change waiting for its codes: the one started here, or else the one the identity service keeps
  // (after a reload); null once confirmed or set aside with "Use a different address".
  const stored = usePendingEmailChange();
  const [started, setPending] = useState<{ requestId: string; newEmailAddress: string } | null | undefined>(undefined);
  const pending = started !== undefined ? started : (stored.data?.pending ?? null);
  const [failure, setFailure] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const emailForm = useValidatedForm<NewEmailValues>(
    () => import('../change-email-schemas').then((module) => module.newEmailSchema),
    {
      defaultValues: { newEmailAddress: '' },
    },
  );
  // The code field is checked on submit, not on blur: leaving it empty to fetch the e-mail, or to ask for a
  // new code, is not a mistake (and an error appearing on blur would move the button being clicked).
  const codeForm = useValidatedForm<CodeValues>(
    () => import('../change-email-schemas').then((module) => module.codeSchema),
    {
      mode: 'onSubmit',
      defaultValues: { otp: '', currentEmailOtp: '' },
    },
  );

  const sendCode = (newEmailAddress: string) => {
    setFailure(null);
    setSuccess(null);
    if (newEmailAddress.toLowerCase() === (auth.email ?? '').toLowerCase()) {
      emailForm.setError('newEmailAddress', { message: accountMessages.sameEmail });
      return;
    }
    start.mutate(newEmailAddress, {
      onSuccess: (result) => {
        if (result.succeeded && result.requestId) {
          if (pending) setSuccess(accountMessages.codeResent(newEmailAddress, auth.email ?? ''));
          setPending({ requestId: result.requestId, newEmailAddress });
          codeForm.reset({ otp: '', currentEmailOtp: '' });
        } else {
          setFailure(result.errors.join('\n') || accountMessages.startFailed);
        }
      },
      onError: (error) => setFailure(failureMessage(error, accountMessages.startFailed)),
    });
  };

  const onConfirm = codeForm.handleSubmit(({ otp, currentEmailOtp }) => {
    if (!pending) return;
    setFailure(null);
    confirm.mutate(
      { requestId: pending.requestId, otp, currentEmailOtp },
      {
        onSuccess: (result) => {
          if (!result.succeeded) {
            setFailure(result.errors.join('\n') || accountMessages.confirmFailed);
            return;
          }
          const email = result.emailAddress ?? pending.newEmailAddress;
          authStore.set({ ...authStore.get(), email });
          // A fresh access token carries the new address, from which the candidate service updates the
          // profile; a failed refresh only delays that until the next one.
          void http.session
            .refresh()
            .catch(() => undefined)
            .finally(() => void queryClient.invalidateQueries({ queryKey: queryKeys.candidate }));
          setPending(null);
          void queryClient.invalidateQueries({ queryKey: queryKeys.pendingEmailChange });
          emailForm.reset({ newEmailAddress: '' });
          setSuccess(accountMessages.changed(email));
        },
        onError: (error) => setFailure(failureMessage(error, accountMessages.confirmFailed)),
      },
    );
  });

  return (
    <section className="account-section card" aria-labelledby="change-email-title">
      <h2 id="change-email-title">Email address</h2>
      <p className="account-section__current">
        You sign in with <strong>{auth.email}</strong>.
      </p>
      <AlertBanner type="alert-success" message={success} onClose={() => setSuccess(null)} />
      <AlertBanner type="alert-danger" message={failure} onClose={() => setFailure(null)} />
      {pending ? (
        <form className="account-form" noValidate onSubmit={onConfirm} aria-label="Confirm new email address">
          <p>
            We sent a verification code to <strong>{pending.newEmailAddress}</strong> and another one to your current
            address <strong>{auth.email}</strong>. Enter both to confirm the change. The codes are valid for{' '}
            {CODE_LIFETIME_TEXT}. Other devices signed in to your account will be logged out.
          </p>
          <div className="account-code-fields">
            <TextInput
              label={`Code sent to ${pending.newEmailAddress}`}
              placeholder={accountMessages.codePlaceholder}
              autoComplete="one-time-code"
              inputMode="numeric"
              // Focus moves here when the codes were just sent, not when a reload finds them pending.
              autoFocus={started !== undefined}
              error={codeForm.formState.errors.otp?.message}
              {...codeForm.register('otp')}
            />
            <TextInput
              label={`Code sent to ${auth.email ?? 'your current address'}`}
              placeholder={accountMessages.codePlaceholder}
              autoComplete="one-time-code"
              inputMode="numeric"
              error={codeForm.formState.errors.currentEmailOtp?.message}
              {...codeForm.register('currentEmailOtp')}
            />
          </div>
          <div className="account-form__actions">
            <Button variant="link" onClick={() => sendCode(pending.newEmailAddress)} disabled={start.isPending}>
              Resend
            </Button>
            <Button variant="link" onClick={() => setPending(null)}>
              Use a different address
            </Button>
            <Button type="submit" busy={confirm.isPending}>
              Confirm new email
            </Button>
          </div>
        </form>
      ) : (
        <form
          className="account-form"
          noValidate
          onSubmit={emailForm.handleSubmit(({ newEmailAddress }) => sendCode(newEmailAddress))}
          aria-label="Change email address"
        >
          <TextInput
            label="New email address"
            type="email"
            autoComplete="email"
            inputMode="email"
            hint="We will send a verification code to this address, and one to your current address."
            error={emailForm.formState.errors.newEmailAddress?.message}
            {...emailForm.register('newEmailAddress')}
          />
          <div className="account-form__actions">
            <Button type="submit" busy={start.isPending}>
              Send verification code
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
