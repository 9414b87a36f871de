import { jobApplicationPageSchema, type JobApplicationPage } from '@careers/contracts/candidate';
import { http } from '../../http-client';

/** GET /job-applications?page=&pageSize= (page is 1-based). */
export async function getJobApplications(page: number, pageSize: number): Promise<JobApplicationPage> {
  const { data } = await http.candidate.get<unknown>('/job-applications', { params: { page, pageSize } });
  return jobApplicationPageSchema.parse(data);
}
