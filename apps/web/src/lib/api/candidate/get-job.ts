import type { Job } from '@careers/contracts/candidate';
import { candidatePublicClient } from '../../candidate-public-client';

/** GET /job/{id}: the public job an apply link points at (no sign-in). */
export async function getJob(jobId: string): Promise<Job> {
  const { data } = await candidatePublicClient.get<Job>(`/job/${encodeURIComponent(jobId)}`);
  return data;
}
