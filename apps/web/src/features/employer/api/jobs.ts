import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  employerJobSchema,
  employerJobStatsSchema,
  type CreateJob,
  type EmployerJob,
  type EmployerJobStats,
} from '@careers/contracts/employer';
import { http } from '../../../lib/http-client';

export const JOBS_PAGE_SIZE = 20;
const jobsKey = ['employer', 'jobs'] as const;

/** GET /business/jobs: a page of the business's jobs, newest first, each with its number of applications. */
export async function getEmployerJobs(page: number): Promise<EmployerJob[]> {
  const { data } = await http.candidate.get<unknown>('/business/jobs', { params: { page, pageSize: JOBS_PAGE_SIZE } });
  return z.array(employerJobSchema).parse(data);
}

export function useEmployerJobs(page: number) {
  return useQuery(queryOptions({ queryKey: [...jobsKey, 'page', page], queryFn: () => getEmployerJobs(page) }));
}

/** GET /business/jobs/{id}. */
export async function getEmployerJob(jobId: string): Promise<EmployerJob> {
  const { data } = await http.candidate.get<unknown>(`/business/jobs/${encodeURIComponent(jobId)}`);
  return employerJobSchema.parse(data);
}

export function useEmployerJob(jobId: string) {
  return useQuery(queryOptions({ queryKey: [...jobsKey, 'one', jobId], queryFn: () => getEmployerJob(jobId) }));
}

/** GET /business/jobs/{id}/stats: applications by day, by source, and statuses reached. */
export async function getEmployerJobStats(jobId: string): Promise<EmployerJobStats> {
  const { data } = await http.candidate.get<unknown>(`/business/jobs/${encodeURIComponent(jobId)}/stats`);
  return employerJobStatsSchema.parse(data);
}

export function useEmployerJobStats(jobId: string) {
  return useQuery(queryOptions({ queryKey: [...jobsKey, 'stats', jobId], queryFn: () => getEmployerJobStats(jobId) }));
}

/** POST /business/jobs (no id) or PUT /business/jobs/{id}; closing and reopening are a PUT with isLive. */
export function useSaveJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ jobId, body }: { jobId?: string; body: CreateJob }) => {
      const { data } = jobId
        ? await http.candidate.put<unknown>(`/business/jobs/${encodeURIComponent(jobId)}`, body)
        : await http.candidate.post<unknown>('/business/jobs', body);
      return employerJobSchema.omit({ applicationCount: true }).parse(data);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobsKey }),
  });
}

/** The job's fields as the create/change request takes them (the answer carries the same names). */
export function jobBody(job: EmployerJob, changes: Partial<CreateJob> = {}): CreateJob {
  return {
    title: job.title,
    description: job.description,
    addressLine1: job.addressLine1 ?? null,
    city: job.city ?? null,
    region: job.region ?? null,
    state: job.state ?? null,
    postcode: job.postcode ?? null,
    isLive: job.isLive,
    fullTime: job.fullTime ?? true,
    partTime: job.partTime ?? false,
    jobType: job.jobType ?? 1,
    remote: job.remote ?? false,
    ...(job.workplace ? { workplace: job.workplace } : {}),
    salaryRateType: job.salaryRateType ?? 0,
    salaryAmount: job.salaryAmount ?? null,
    salaryFrom: job.salaryFrom ?? null,
    salaryTo: job.salaryTo ?? null,
    salaryCurrency: job.salaryCurrency ?? null,
    salaryNegotiable: job.salaryNegotiable ?? false,
    ...changes,
  };
}
