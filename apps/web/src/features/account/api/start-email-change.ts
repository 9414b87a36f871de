import { useMutation } from '@tanstack/react-query';
import { startEmailChange } from '../../../lib/api/identity/start-email-change';

export function useStartEmailChange() {
  return useMutation({ mutationFn: startEmailChange });
}
