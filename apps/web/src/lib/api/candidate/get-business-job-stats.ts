import type { EmployerJobStats } from '@careers/contracts/employer';
import { http } from '../../http-client';

/** GET /business/jobs/{id}/stats: applications by day, by source, and statuses reached. */
export async function getBusinessJobStats(jobId: string): Promise<EmployerJobStats> {
  const { data } = await http.candidate.get<EmployerJobStats>(`/business/jobs/${encodeURIComponent(jobId)}/stats`);
  return data;
}
