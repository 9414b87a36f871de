import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { firstServerErrorOr } from '../../../lib/api-error';
import { http } from '../../../lib/http-client';
import { paths } from '../../../lib/paths';

const LOGIN_PATH = paths.login;
export const SIGN_OUT_EVERYWHERE_QUESTION =
  'Log out on every phone, tablet and computer where you are signed in, this one included? You sign in again with a code sent to your email address.';

/**
 * Logout ends this browser's session only; this ends them all, for a candidate who signed in on a
 * shared or lost device. The stored feedback message tells the login page why the candidate is there.
 */
export function SignOutEverywhere() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await http.session.logoutEverywhere();
      queryClient.clear();
      await navigate(LOGIN_PATH, { replace: true });
    } catch (error) {
      setFailure(firstServerErrorOr(error));
      setAsking(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="account-section card" aria-labelledby="sign-out-everywhere-title">
      <h2 id="sign-out-everywhere-title">Devices</h2>
      <p>
        Logout logs you out of this browser only. If you signed in on a device you no longer use or share, log out
        everywhere.
      </p>
      <AlertBanner type="alert-danger" message={failure} />
      <div className="account-form__actions">
        <Button variant="secondary" onClick={() => setAsking(true)}>
          Log out of all devices
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        title="Log out of all devices?"
        message={SIGN_OUT_EVERYWHERE_QUESTION}
        confirmLabel="Log out everywhere"
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      />
    </section>
  );
}
