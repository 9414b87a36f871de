import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JobApplication } from '@careers/contracts/candidate';
import { Button } from '../../../components/button';
import { firstServerErrorOr } from '../../../lib/api-error';
import { withdrawTalentPoolConsent } from '../../../lib/api/candidate/retention';
import { queryKeys } from '../../../lib/query-keys';
import { notifyError, notifySuccess } from '../../../lib/toast';

export function useWithdrawConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (applicationId: string) => withdrawTalentPoolConsent(applicationId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.jobApplicationsRoot }),
  });
}

/** The button that withdraws the consent at once (the account page lists every application that has one). */
export function WithdrawConsentButton({ application }: { application: JobApplication }) {
  const withdraw = useWithdrawConsent();
  return (
    <Button
      variant="secondary"
      busy={withdraw.isPending}
      aria-label={`Withdraw consent: ${application.job.title} at ${application.business.name}`}
      onClick={() =>
        withdraw.mutate(application.id, {
          onSuccess: () => notifySuccess(`${application.business.name} no longer keeps it for other roles.`),
          onError: (error) => notifyError(firstServerErrorOr(error)),
        })
      }
    >
      Withdraw consent
    </Button>
  );
}
