import { useMutation } from '@tanstack/react-query';
import { requestDeletionCode } from '../../../lib/api/identity/request-deletion-code';

export function useRequestDeletionCode() {
  return useMutation({ mutationFn: requestDeletionCode });
}
