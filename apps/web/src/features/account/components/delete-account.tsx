import { CODE_LIFETIME_TEXT } from '@careers/contracts/limits';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { ModalDialog } from '../../../components/modal-dialog';
import { TextInput } from '../../../components/text-input';
import { retryAfterSeconds, serverErrors, toApiError } from '../../../lib/api-error';
import { signInNotice } from '../../../lib/sign-in-notice';
import { authStore } from '../../../lib/auth-store';
import { useAuth } from '../../../lib/use-auth';
import { useDeleteAccount } from '../api/delete-account';
import { useRequestDeletionCode } from '../api/request-deletion-code';
import { accountMessages, tooManyRequests } from '../account-messages';
import { paths } from '../../../lib/paths';

const LOGIN_PATH = paths.login;

function failureMessage(error: unknown, fallback: string): string {
  const wait = retryAfterSeconds(error);
  if (wait) return tooManyRequests(wait);
  return serverErrors(toApiError(error).body)[0] ?? fallback;
}

/**
 * Deleting the account, behind a dialog that asks for a fresh code e-mailed to the account's address:
 * a session left open somewhere is not enough to delete everything.
 */
export function DeleteAccount() {
  const { auth } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useDeleteAccount();
  const requestCode = useRequestDeletionCode();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const ready = code.trim().length > 0;

  const sendCode = () => {
    setFailure(null);
    requestCode.mutate(undefined, {
      onSuccess: () => setSent(true),
      onError: (error) => setFailure(failureMessage(error, accountMessages.deleteCodeFailed)),
    });
  };

  const openDialog = () => {
    setOpen(true);
    sendCode();
  };

  const close = () => {
    if (remove.isPending) return;
    setOpen(false);
    setCode('');
    setSent(false);
    setFailure(null);
  };

  const onDelete = () => {
    if (!ready || typeof auth.id !== 'string') return;
    setFailure(null);
    remove.mutate(
      { userId: auth.id, code: code.trim() },
      {
        onSuccess: async () => {
          // Said where it ends, on the sign-in page (nothing of the account is left to show it on), as a line
          // that stays there rather than a toast that goes; left before the session ends, which also leads there.
          signInNotice.leave(accountMessages.deleted);
          authStore.clear();
          queryClient.clear();
          await navigate(LOGIN_PATH, { replace: true });
        },
        onError: (error) => setFailure(failureMessage(error, accountMessages.deleteFailed)),
      },
    );
  };

  return (
    <section className="account-section account-section--danger card" aria-labelledby="delete-account-title">
      <h2 id="delete-account-title">Delete account</h2>
      <p>
        Your profile, your CVs and the record of your applications and CV drops are deleted, and you are logged out.
        This cannot be undone.
      </p>
      <div className="account-form__actions">
        <Button className="account-danger-button" onClick={openDialog}>
          Delete my account
        </Button>
      </div>
      <ModalDialog
        open={open}
        title="Delete your account?"
        role="alertdialog"
        onClose={close}
        actions={
          <>
            <Button variant="secondary" onClick={close} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button className="account-danger-button" onClick={onDelete} disabled={!ready} busy={remove.isPending}>
              Delete account
            </Button>
          </>
        }
      >
        <div className="account-delete-dialog">
          <p>
            Everything about <strong>{auth.email}</strong> is deleted for good: profile, CVs, applications and CV drops.
          </p>
          {sent ? (
            <p role="status">
              We sent a verification code to <strong>{auth.email}</strong>. Enter it to delete your account. The code is
              valid for {CODE_LIFETIME_TEXT}.
            </p>
          ) : null}
          <AlertBanner type="alert-danger" message={failure} />
          <TextInput
            label="Verification code"
            placeholder={accountMessages.codePlaceholder}
            autoComplete="one-time-code"
            inputMode="numeric"
            spellCheck={false}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') onDelete();
            }}
          />
          <div className="account-form__actions">
            <Button variant="link" onClick={sendCode} disabled={requestCode.isPending}>
              Resend
            </Button>
          </div>
        </div>
      </ModalDialog>
    </section>
  );
}
