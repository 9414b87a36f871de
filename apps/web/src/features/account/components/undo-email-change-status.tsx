import { useEffect } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { AlertBanner } from '../../../components/alert-banner';
import { Spinner } from '../../../components/spinner';
import { serverErrors, toApiError } from '../../../lib/api-error';
import { authStore } from '../../../lib/auth-store';
import { undoEmailChange } from '../../../lib/api/identity/undo-email-change';
import { accountMessages } from '../account-messages';
import './account.css';
import { paths } from '../../../lib/paths';

/** Sends the single-use undo link once on load (a query, so a re-render never sends it twice). */
export function UndoEmailChangeStatus({ token }: { token: string }) {
  const undo = useQuery({
    queryKey: ['undo-email-change', token],
    queryFn: () => undoEmailChange(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const undone = undo.data?.succeeded === true;

  // Every session of the account has ended, this browser's too: keep nothing that looks signed in.
  useEffect(() => {
    if (undone) authStore.clear();
  }, [undone]);

  if (undo.isPending) {
    return (
      <div className="undo-email-change">
        <Spinner label="Putting your email address back..." />
      </div>
    );
  }

  const failure = undo.isError
    ? serverErrors(toApiError(undo.error).body).join('\n') || accountMessages.undoFailed
    : undone
      ? null
      : undo.data.errors.join('\n') || accountMessages.undoFailed;

  return (
    <div className="undo-email-change">
      <header className="undo-email-change__header">
        <h1>{failure ? 'Email address not restored' : 'Email address restored'}</h1>
        <p>{failure ? accountMessages.undoFailedHelp : accountMessages.undone}</p>
      </header>
      <AlertBanner type="alert-danger" message={failure} />
      <p className="undo-email-change__switch">
        <Link to={paths.login}>Sign in</Link>
      </p>
    </div>
  );
}
