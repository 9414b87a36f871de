import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getStatusEmails, putStatusEmails } from '../../../lib/api/candidate/status-emails';
import { queryKeys } from '../../../lib/query-keys';

export function useStatusEmails() {
  return useQuery({ queryKey: queryKeys.statusEmails, queryFn: getStatusEmails });
}

export function useSetStatusEmails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putStatusEmails,
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.statusEmails, answer),
  });
}
