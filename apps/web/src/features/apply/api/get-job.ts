import { queryOptions, useQuery } from '@tanstack/react-query';
import { jobSchema, type Job } from '@careers/contracts/candidate';
import { candidatePublicClient } from '../../../lib/candidate-public-client';

export const JOB_QUERY_ROOT = 'job';

/** GET /job/{id}: the public job the apply link points at. */
export async function getJob(jobId: string): Promise<Job> {
  const { data } = await candidatePublicClient.get<unknown>(`/job/${encodeURIComponent(jobId)}`);
  return jobSchema.parse(data);
}

export function getJobQueryOptions(jobId: string) {
  return queryOptions({ queryKey: [JOB_QUERY_ROOT, jobId], queryFn: () => getJob(jobId) });
}

export function useJob(jobId: string) {
  return useQuery(getJobQueryOptions(jobId));
}
