import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SaveMessageTemplate, SendMessage } from '@careers/contracts/messages';
import {
  deleteMessageTemplate,
  getBusinessMessages,
  getMessageTemplates,
  markBusinessMessagesRead,
  saveMessageTemplate,
  writeToCandidate,
} from '../../../lib/api/candidate/messages';
import { employerQueryKeys } from './query-keys';

export const businessMessagesKey = (applicationId: string) => [
  ...employerQueryKeys.applicationsRoot,
  'messages',
  applicationId,
];
const templatesKey = ['employer', 'message-templates'] as const;
/** The job's applications lists show the unread replies: read again after a read or a message. */
const jobListsKey = [...employerQueryKeys.applicationsRoot, 'job'];

export function useBusinessMessages(applicationId: string) {
  return useQuery({ queryKey: businessMessagesKey(applicationId), queryFn: () => getBusinessMessages(applicationId) });
}

export function useMarkBusinessMessagesRead(applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markBusinessMessagesRead(applicationId),
    onSuccess: (thread) => {
      queryClient.setQueryData(businessMessagesKey(applicationId), thread);
      void queryClient.invalidateQueries({ queryKey: jobListsKey });
    },
  });
}

export function useWriteToCandidate(applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: SendMessage) => writeToCandidate(applicationId, message),
    onSuccess: (thread) => {
      queryClient.setQueryData(businessMessagesKey(applicationId), thread);
      void queryClient.invalidateQueries({ queryKey: jobListsKey });
    },
  });
}

export function useMessageTemplates() {
  return useQuery({ queryKey: templatesKey, queryFn: getMessageTemplates });
}

export function useSaveMessageTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (template: SaveMessageTemplate & { id?: string }) => saveMessageTemplate(template),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesKey }),
  });
}

export function useDeleteMessageTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMessageTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesKey }),
  });
}
