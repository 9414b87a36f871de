import { useQuery } from '@tanstack/react-query';
import { getPendingEmailChange } from '../../../lib/api/identity/pending-email-change';
import { queryKeys } from '../../../lib/query-keys';

/** The e-mail change waiting for its codes, as the identity service keeps it (it survives a reload). */
export function usePendingEmailChange() {
  return useQuery({ queryKey: queryKeys.pendingEmailChange, queryFn: getPendingEmailChange });
}
