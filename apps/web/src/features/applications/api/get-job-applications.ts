import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { jobApplicationPageSchema, type JobApplicationPage } from '@careers/contracts/candidate';
import { http } from '../../../lib/http-client';

export const APPLICATIONS_PAGE_SIZE = 10;

/** GET /job-applications?page=&pageSize= (page is 1-based). */
export async function getJobApplications(page: number, pageSize: number = APPLICATIONS_PAGE_SIZE): Promise<JobApplicationPage> {
  const { data } = await http.candidate.get<unknown>('/job-applications', { params: { page, pageSize } });
  return jobApplicationPageSchema.parse(data);
}

export const jobApplicationsQueryOptions = (page: number) =>
  queryOptions({ queryKey: ['job-applications', page], queryFn: () => getJobApplications(page), placeholderData: keepPreviousData });

export function useJobApplications(page: number) {
  return useQuery(jobApplicationsQueryOptions(page));
}
