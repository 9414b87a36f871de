import type { CreateJob, EmployerJob } from '@careers/contracts/employer';
import { http } from '../../http-client';

/** POST /business/jobs: a new job of the business (answered without its number of applications). */
export async function createBusinessJob(
  body: CreateJob,
): Promise<Omit<EmployerJob, 'applicationCount' | 'withdrawnCount'>> {
  const { data } = await http.candidate.post<Omit<EmployerJob, 'applicationCount' | 'withdrawnCount'>>(
    '/business/jobs',
    body,
  );
  return data;
}
