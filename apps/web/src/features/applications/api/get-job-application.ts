import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJobApplication } from '../../../lib/api/candidate/get-job-application';
import { queryKeys } from '../../../lib/query-keys';

/** One application, under the applications' root key: whatever refreshes the list (a withdrawal) refreshes it too. */
export const jobApplicationQueryOptions = (applicationId: string) =>
  queryOptions({
    queryKey: queryKeys.jobApplication(applicationId),
    queryFn: () => getJobApplication(applicationId),
  });

export function useJobApplication(applicationId: string) {
  return useQuery(jobApplicationQueryOptions(applicationId));
}
