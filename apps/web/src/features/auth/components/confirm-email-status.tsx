import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { AlertBanner } from '../../../components/alert-banner';
import { Spinner } from '../../../components/spinner';
import { serverErrors, toApiError } from '../../../lib/api-error';
import { confirmEmail } from '../../../lib/api/identity/confirm-email';
import { authMessages } from '../messages';
import './auth-form.css';
import { paths } from '../../../lib/paths';

/** Confirms the address once on load (a query, so a re-render never sends the single-use token twice). */
export function ConfirmEmailStatus({ userId, token, email }: { userId: string; token: string; email: string | null }) {
  const confirmation = useQuery({
    queryKey: ['confirm-email', userId, token, email],
    queryFn: () => confirmEmail({ userId, token, email }),
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

  const failure = confirmation.isError
    ? serverErrors(toApiError(confirmation.error).body).join('\n') || authMessages.resetLinkFailed
    : confirmation.data.succeeded
      ? null
      : confirmation.data.errors.join('\n') || authMessages.resetLinkFailed;

  return (
    <div className="auth-form">
      <header className="auth-form__header">
        <h1>{failure ? 'Email not confirmed' : 'Email confirmed'}</h1>
        {failure ? null : <p>Thank you. Your email address is confirmed and you can now sign in.</p>}
      </header>
      <AlertBanner type="alert-danger" message={failure} />
      <p className="auth-form__switch">
        <Link to={paths.login}>Sign in</Link>
      </p>
    </div>
  );
}
