import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getOwnMessages, markOwnMessagesRead, replyToEmployer } from '../../../lib/api/candidate/messages';
import { queryKeys } from '../../../lib/query-keys';

/** Under the applications' root key: a withdrawal (which refreshes the root) refreshes whether one may write. */
export const ownMessagesKey = (applicationId: string) => [...queryKeys.jobApplicationsRoot, 'messages', applicationId];

export function useOwnMessages(applicationId: string) {
  return useQuery({ queryKey: ownMessagesKey(applicationId), queryFn: () => getOwnMessages(applicationId) });
}

export function useMarkOwnMessagesRead(applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markOwnMessagesRead(applicationId),
    onSuccess: (thread) => queryClient.setQueryData(ownMessagesKey(applicationId), thread),
  });
}

export function useReplyToEmployer(applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => replyToEmployer(applicationId, body),
    onSuccess: (thread) => queryClient.setQueryData(ownMessagesKey(applicationId), thread),
  });
}
