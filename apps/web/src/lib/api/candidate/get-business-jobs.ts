import type { EmployerJob } from '@careers/contracts/employer';
import { http } from '../../http-client';

/** GET /business/jobs?page=&pageSize=: a page of the business's jobs, newest first, each with its number of applications. */
export async function getBusinessJobs(page: number, pageSize: number): Promise<EmployerJob[]> {
  const { data } = await http.candidate.get<EmployerJob[]>('/business/jobs', { params: { page, pageSize } });
  return data;
}
