import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { ModalDialog } from '../../../components/modal-dialog';
import { TextInput } from '../../../components/text-input';
import { serverErrors, toApiError } from '../../../lib/api-error';
import { authStore } from '../../../lib/auth-store';
import { useAuth } from '../../../lib/use-auth';
import { useDeleteAccount } from '../api/delete-account';
import { accountMessages } from '../account-messages';

const LOGIN_PATH = '/account/login';

/** Deleting the account, behind a dialog where the candidate types DELETE. */
export function DeleteAccount() {
  const { auth } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const confirmed = typed.trim() === accountMessages.deleteConfirmWord;

  const close = () => {
    if (remove.isPending) return;
    setOpen(false);
    setTyped('');
    setFailure(null);
  };

  const onDelete = () => {
    if (!confirmed || typeof auth.id !== 'string') return;
    setFailure(null);
    remove.mutate(auth.id, {
      onSuccess: async () => {
        authStore.clear();
        queryClient.clear();
        await navigate(LOGIN_PATH, { replace: true });
      },
      onError: (error) => setFailure(serverErrors(toApiError(error).body)[0] ?? accountMessages.deleteFailed),
    });
  };

  return (
    <section className="account-section account-section--danger card" aria-labelledby="delete-account-title">
      <h2 id="delete-account-title">Delete account</h2>
      <p>Your profile, your CVs and the record of your applications and CV drops are deleted, and you are signed out. This cannot be undone.</p>
      <div className="account-form__actions">
        <Button className="account-danger-button" onClick={() => setOpen(true)}>
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
            <Button className="account-danger-button" onClick={onDelete} disabled={!confirmed} busy={remove.isPending}>
              Delete account
            </Button>
          </>
        }
      >
        <div className="account-delete-dialog">
          <p>
            Everything about <strong>{auth.email}</strong> is deleted for good: profile, CVs, applications and CV drops.
          </p>
          <AlertBanner type="alert-danger" message={failure} />
          <TextInput
            label={`Type ${accountMessages.deleteConfirmWord} to confirm`}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') onDelete();
            }}
          />
        </div>
      </ModalDialog>
    </section>
  );
}
