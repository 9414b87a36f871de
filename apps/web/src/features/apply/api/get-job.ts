import { queryOptions, useQuery } from '@tanstack/react-query';
import { jobSchema, type Job } from '@careers/contracts/candidate';
import { candidatePublicClient } from '../../../lib/candidate-public-client';
import type { ServerRenderedApplyPage } from '../../../app/server-rendered-page';

export const JOB_QUERY_ROOT = 'job';

/** GET /job/{id}: the public job the apply link points at. */
export async function getJob(jobId: string): Promise<Job> {
  const { data } = await candidatePublicClient.get<unknown>(`/job/${encodeURIComponent(jobId)}`);
  return jobSchema.parse(data);
}

export function getJobQueryOptions(jobId: string) {
  return queryOptions({ queryKey: [JOB_QUERY_ROOT, jobId], queryFn: () => getJob(jobId) });
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
