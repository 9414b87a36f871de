import { useState } from 'react';
import { WITHDRAWAL_REASON_MAX } from '@careers/contracts/candidate-values';
import type { JobApplication } from '@careers/contracts/candidate';
import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { ModalDialog } from '../../../components/modal-dialog';
import { TextArea } from '../../../components/text-area';
import { firstServerErrorOr } from '../../../lib/api-error';
import { notifySuccess } from '../../../lib/toast';
import { useWithdrawApplication } from '../api/withdraw-application';
import { WITHDRAWN_TOAST } from '../withdrawal';

/** "Withdraw" on an open application: a confirmation with an optional reason, which the employer reads. */
export function WithdrawApplication({ application }: { application: JobApplication }) {
  const withdraw = useWithdrawApplication();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const title = application.job.title;

  const close = () => {
    if (withdraw.isPending) return;
    setOpen(false);
    setReason('');
    setFailure(null);
  };

  const confirm = () => {
    setFailure(null);
    withdraw.mutate(
      { id: application.id, reason },
      {
        onSuccess: () => {
          setOpen(false);
          setReason('');
          notifySuccess(WITHDRAWN_TOAST);
        },
        onError: (error) => setFailure(firstServerErrorOr(error)),
      },
    );
  };

  return (
    <>
      <Button
        variant="danger-secondary"
        aria-label={`Withdraw your application for ${title}`}
        onClick={() => setOpen(true)}
      >
        Withdraw
      </Button>
      <ModalDialog
        open={open}
        title="Withdraw your application?"
        role="alertdialog"
        onClose={close}
        actions={
          <>
            <Button variant="secondary" onClick={close} disabled={withdraw.isPending}>
              Keep it
            </Button>
            <Button variant="danger" onClick={confirm} busy={withdraw.isPending}>
              Withdraw application
            </Button>
          </>
        }
      >
        <div className="withdraw-dialog">
          <p>
            {application.business.name} will see that you withdrew your application for <strong>{title}</strong>. You
            can apply again while the job is open.
          </p>
          <AlertBanner type="alert-danger" message={failure} />
          <TextArea
            label="Reason (optional)"
            hint={`${application.business.name} reads this. At most ${WITHDRAWAL_REASON_MAX} characters.`}
            rows={3}
            maxLength={WITHDRAWAL_REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
      </ModalDialog>
    </>
  );
}
