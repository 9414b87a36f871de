import type { EmployerJobStats } from '@careers/contracts/employer';
import { http } from '../../http-client';
import { employerContracts } from '../../schemas';

/** GET /business/jobs/{id}/stats: applications by day, by source, and statuses reached. */
export async function getBusinessJobStats(jobId: string): Promise<EmployerJobStats> {
  const contracts = employerContracts();
  const { data } = await http.candidate.get<unknown>(`/business/jobs/${encodeURIComponent(jobId)}/stats`);
  return (await contracts).employerJobStatsSchema.parse(data);
}
