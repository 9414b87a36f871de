import type { EmployerJob } from '@careers/contracts/employer';
import { http } from '../../http-client';
import { employerContracts } from '../../schemas';

/** GET /business/jobs/{id}. */
export async function getBusinessJob(jobId: string): Promise<EmployerJob> {
  const contracts = employerContracts();
  const { data } = await http.candidate.get<unknown>(`/business/jobs/${encodeURIComponent(jobId)}`);
  return (await contracts).employerJobSchema.parse(data);
}
