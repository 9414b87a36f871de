import type { EmployerJob } from '@careers/contracts/employer';
import { http } from '../../http-client';

/** GET /business/jobs/{id}. */
export async function getBusinessJob(jobId: string): Promise<EmployerJob> {
  const { data } = await http.candidate.get<EmployerJob>(`/business/jobs/${encodeURIComponent(jobId)}`);
  return data;
}
