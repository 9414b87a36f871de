import { useMutation, useQueryClient } from '@tanstack/react-query';
import { withdrawApplication } from '../../../lib/api/candidate/withdraw-application';
import { queryKeys } from '../../../lib/query-keys';

export function useWithdrawApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => withdrawApplication(id, reason),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.jobApplicationsRoot }),
  });
}
