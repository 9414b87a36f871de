import type { JobApplicationPage } from '@careers/contracts/candidate';
import { http } from '../../http-client';

/** GET /job-applications?page=&pageSize=[&jobId=] (page is 1-based): the caller's applications, to one job when jobId is given. */
export async function getJobApplications(page: number, pageSize: number, jobId?: string): Promise<JobApplicationPage> {
  const { data } = await http.candidate.get<JobApplicationPage>('/job-applications', {
    params: jobId === undefined ? { page, pageSize } : { jobId, page, pageSize },
  });
  return data;
}
