import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { serverErrors, toApiError } from '../../../lib/api-error';
import { authStore } from '../../../lib/auth-store';
import { undoEmailChange } from '../../../lib/api/identity/undo-email-change';
import { accountMessages } from '../account-messages';
import './account.css';
import { paths } from '../../../lib/paths';

/**
 * The undo link e-mailed to the old address. Opening it changes nothing: mail scanners open links, and
 * one that did would put the old address back and sign the owner out everywhere. The page says what the
 * press will do and sends the single-use token on the press only (a mutation: once per press, and the
 * button is busy meanwhile).
 */
export function UndoEmailChangeStatus({ token }: { token: string }) {
  const undo = useMutation({ mutationFn: () => undoEmailChange(token) });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const undone = undo.data?.succeeded === true;

  // Every session of the account has ended, this browser's too: keep nothing that looks signed in.
  useEffect(() => {
    if (undone) authStore.clear();
  }, [undone]);

  // On opening and with the outcome, a screen reader starts at the heading that says where things stand.
  const settled = undo.isSuccess || undo.isError;
  useEffect(() => {
    headingRef.current?.focus();
  }, [settled]);

  if (!settled) {
    return (
      <div className="undo-email-change">
        <header className="undo-email-change__header">
          <h1 ref={headingRef} tabIndex={-1}>
            Undo email change
          </h1>
          <p>{accountMessages.undoAsk}</p>
        </header>
        <Button variant="primary" fullWidth busy={undo.isPending} onClick={() => undo.mutate()}>
          Restore this email address
        </Button>
        <p className="undo-email-change__switch">
          <Link to={paths.login}>Sign in</Link>
        </p>
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
        <h1 ref={headingRef} tabIndex={-1}>
          {failure ? 'Email address not restored' : 'Email address restored'}
        </h1>
        <p>{failure ? accountMessages.undoFailedHelp : accountMessages.undone}</p>
      </header>
      <AlertBanner type="alert-danger" message={failure} />
      <p className="undo-email-change__switch">
        <Link to={paths.login}>Sign in</Link>
      </p>
    </div>
  );
}
