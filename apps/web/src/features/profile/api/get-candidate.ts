import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCandidate } from '../../../lib/api/candidate/get-candidate';
import { queryKeys } from '../../../lib/query-keys';

/** The signed-in candidate (startup already put it in the cache under the same key). */
export const candidateQueryOptions = () => queryOptions({ queryKey: queryKeys.candidate, queryFn: getCandidate });

export function useCandidate() {
  return useQuery(candidateQueryOptions());
}
