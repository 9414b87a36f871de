import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { AlertBanner } from '../../../components/alert-banner';
import { PageTitle } from '../../../components/page-title';
import { Spinner } from '../../../components/spinner';
import { serverErrors, toApiError } from '../../../lib/api-error';
import { confirmEmail } from '../../../lib/api/identity/confirm-email';
import { authStore } from '../../../lib/auth-store';
import { isAddressUnproved } from '../../../lib/address-proof';
import { authMessages } from '../messages';
import './auth-form.css';
import { paths } from '../../../lib/paths';

/**
 * The identity service's answer to a confirmation link used before. A link is used only by a successful
 * confirmation, so the address is confirmed: opened a second time (from the e-mail again, another tab), the
 * page says so rather than 'Email not confirmed'.
 */
export const LINK_ALREADY_USED = 'The confirmation link has already been used.';

/** Confirms the address once on load (a query, so a re-render never sends the single-use token twice). */
export function ConfirmEmailStatus({ userId, token, email }: { userId: string; token: string; email: string | null }) {
  const [endedHere, setEndedHere] = useState(false);
  const confirmation = useQuery({
    queryKey: ['confirm-email', userId, token, email],
    queryFn: async () => {
      const result = await confirmEmail({ userId, token, email });
      // The first proof of an address ends every session made before it (decision 0014): a session of this
      // account kept here from before (the apply page's, unproved) is over, so it is dropped now rather
      // than failing on its next refresh (decision 0291).
      const stored = authStore.get();
      if (result.succeeded && stored.id === userId && isAddressUnproved(stored.accessToken)) {
        authStore.clear();
        setEndedHere(true);
      }
      return result;
    },
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

  if (confirmation.isPending) {
    return (
      <div className="auth-form">
        <Spinner label="Confirming your email address..." />
      </div>
    );
  }

  // The service answers a refused link with 400 and its errors (the call then fails), or 200 with them.
  const errors = confirmation.isError
    ? serverErrors(toApiError(confirmation.error).body)
    : confirmation.data.succeeded
      ? []
      : confirmation.data.errors;
  const alreadyConfirmed = errors.includes(LINK_ALREADY_USED);
  if (alreadyConfirmed) {
    return (
      <div className="auth-form">
        <header className="auth-form__header">
          <PageTitle title="Email already confirmed" />
          <h1>Email already confirmed</h1>
          <p>This link has been used before: your email address is confirmed, and you can sign in.</p>
        </header>
        <p className="auth-form__switch">
          <Link to={paths.login}>Sign in</Link>
        </p>
      </div>
    );
  }

  const failure =
    confirmation.isSuccess && confirmation.data.succeeded ? null : errors.join('\n') || authMessages.resetLinkFailed;
  const signInAgain = !failure && endedHere;

  return (
    <div className="auth-form">
      <header className="auth-form__header">
        <PageTitle title={failure ? 'Email not confirmed' : 'Email confirmed'} />
        <h1>{failure ? 'Email not confirmed' : 'Email confirmed'}</h1>
        {failure ? null : signInAgain ? (
          <p>
            Thank you. Your email address is confirmed. For your safety, the sign-in made before the confirmation has
            ended: sign in again to continue.
          </p>
        ) : (
          <p>Thank you. Your email address is confirmed and you can now sign in.</p>
        )}
      </header>
      <AlertBanner type="alert-danger" message={failure} />
      <p className="auth-form__switch">
        <Link to={paths.login}>Sign in</Link>
      </p>
    </div>
  );
}
