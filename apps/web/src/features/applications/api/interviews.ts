import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bookOwnInterview, cancelOwnInterview, getOwnInterview } from '../../../lib/api/candidate/interviews';
import { queryKeys } from '../../../lib/query-keys';

/** Under the applications' root key: a withdrawal (which refreshes the root) refreshes the interview too. */
export const ownInterviewKey = (applicationId: string) => [
  ...queryKeys.jobApplicationsRoot,
  'interview',
  applicationId,
];

export function useOwnInterview(applicationId: string) {
  return useQuery({ queryKey: ownInterviewKey(applicationId), queryFn: () => getOwnInterview(applicationId) });
}

export function useBookOwnInterview(applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (startsAt: string) => bookOwnInterview(applicationId, startsAt),
    onSuccess: (answer) => queryClient.setQueryData(ownInterviewKey(applicationId), answer),
    // The slot was just taken: what is still open is read again.
    onError: () => void queryClient.invalidateQueries({ queryKey: ownInterviewKey(applicationId) }),
  });
}

export function useCancelOwnInterview(applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelOwnInterview(applicationId),
    onSuccess: (answer) => queryClient.setQueryData(ownInterviewKey(applicationId), answer),
  });
}
