import { useMutation } from '@tanstack/react-query';
import { confirmEmailChange } from '../../../lib/api/identity/confirm-email-change';

export function useConfirmEmailChange() {
  return useMutation({ mutationFn: confirmEmailChange });
}
