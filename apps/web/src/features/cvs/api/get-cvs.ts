import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCvs } from '../../../lib/api/candidate/get-cvs';
import { queryKeys } from '../../../lib/query-keys';

/** While a CV's text is still being read, ask again now and then so its status settles on screen. */
const PENDING_POLL_MS = 3000;

/** The signed-in candidate's CVs (startup already put them in the cache under the same key). */
export const cvsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.cvs,
    queryFn: getCvs,
    refetchInterval: (query) =>
      query.state.data?.cvs.some((cv) => cv.cvParseStatus === 'Pending') ? PENDING_POLL_MS : false,
  });

export function useCvs() {
  return useQuery(cvsQueryOptions());
}
