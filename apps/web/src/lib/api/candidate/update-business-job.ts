import type { CreateJob } from '@careers/contracts/employer';
import { http } from '../../http-client';
import { savedBusinessJobSchema } from './create-business-job';

/** PUT /business/jobs/{id}: the job's fields; closing and reopening are a PUT with isLive. */
export async function updateBusinessJob(jobId: string, body: CreateJob) {
  const { data } = await http.candidate.put<unknown>(`/business/jobs/${encodeURIComponent(jobId)}`, body);
  return savedBusinessJobSchema.parse(data);
}
