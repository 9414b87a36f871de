import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateJob } from '@careers/contracts/employer';
import { createBusinessJob } from '../../../lib/api/candidate/create-business-job';
import { getBusinessJob } from '../../../lib/api/candidate/get-business-job';
import { getBusinessJobStats } from '../../../lib/api/candidate/get-business-job-stats';
import { getBusinessJobs } from '../../../lib/api/candidate/get-business-jobs';
import { updateBusinessJob } from '../../../lib/api/candidate/update-business-job';
import { employerQueryKeys } from './query-keys';

export const JOBS_PAGE_SIZE = 20;

export function useEmployerJobs(page: number) {
  return useQuery(
    queryOptions({ queryKey: employerQueryKeys.jobs(page), queryFn: () => getBusinessJobs(page, JOBS_PAGE_SIZE) }),
  );
}

export function useEmployerJob(jobId: string) {
  return useQuery(queryOptions({ queryKey: employerQueryKeys.job(jobId), queryFn: () => getBusinessJob(jobId) }));
}

export function useEmployerJobStats(jobId: string) {
  return useQuery(
    queryOptions({ queryKey: employerQueryKeys.jobStats(jobId), queryFn: () => getBusinessJobStats(jobId) }),
  );
}

/** Creates a job (no id) or changes one; closing and reopening are a change of isLive. */
export function useSaveJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ jobId, body }: { jobId?: string; body: CreateJob }) =>
      jobId ? updateBusinessJob(jobId, body) : createBusinessJob(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employerQueryKeys.jobsRoot }),
  });
}
