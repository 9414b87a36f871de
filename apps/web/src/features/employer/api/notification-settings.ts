import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getNotificationSettings, putNotificationSettings } from '../../../lib/api/candidate/notification-settings';

const key = ['employer', 'notification-settings'] as const;

export function useNotificationSettings() {
  return useQuery({ queryKey: key, queryFn: getNotificationSettings });
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putNotificationSettings,
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}
