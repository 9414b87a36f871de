import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJob } from '../../../lib/api/candidate/get-job';
import { queryKeys } from '../../../lib/query-keys';
import type { ServerRenderedApplyPage } from '../../../first-paint/server-rendered-page';

export function getJobQueryOptions(jobId: string) {
  return queryOptions({ queryKey: queryKeys.job(jobId), queryFn: () => getJob(jobId) });
}

/**
 * The job, starting from what the server rendered when it did: its job is the first data (no spinner, so
 * hydration matches), and a job the server found missing is not asked for again.
 */
export function useJob(jobId: string, serverPage: ServerRenderedApplyPage | null = null) {
  const job = useQuery({
    ...getJobQueryOptions(jobId),
    initialData: serverPage?.job ?? undefined,
    enabled: serverPage === null || serverPage.job !== null,
  });
  const notFound = serverPage !== null && serverPage.job === null;
  return { data: job.data, isPending: !notFound && job.isPending, isError: notFound || job.isError };
}
