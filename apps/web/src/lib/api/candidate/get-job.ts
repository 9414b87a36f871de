import type { Job } from '@careers/contracts/candidate';
import { candidatePublicClient } from '../../candidate-public-client';
import { candidateContracts } from '../../schemas';

/** GET /job/{id}: the public job an apply link points at (no sign-in). */
export async function getJob(jobId: string): Promise<Job> {
  const contracts = candidateContracts();
  const { data } = await candidatePublicClient.get<unknown>(`/job/${encodeURIComponent(jobId)}`);
  return (await contracts).jobSchema.parse(data);
}
