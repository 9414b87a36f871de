import { employerJobStatsSchema, type EmployerJobStats } from '@careers/contracts/employer';
import { http } from '../../http-client';

/** GET /business/jobs/{id}/stats: applications by day, by source, and statuses reached. */
export async function getBusinessJobStats(jobId: string): Promise<EmployerJobStats> {
  const { data } = await http.candidate.get<unknown>(`/business/jobs/${encodeURIComponent(jobId)}/stats`);
  return employerJobStatsSchema.parse(data);
}
