import type { CreateJob } from '@careers/contracts/employer';
import { http } from '../../http-client';
import { businessSchemas } from '../../schemas';

/** PUT /business/jobs/{id}: the job's fields; closing and reopening are a PUT with isLive. */
export async function updateBusinessJob(jobId: string, body: CreateJob) {
  const schemas = businessSchemas();
  const { data } = await http.candidate.put<unknown>(`/business/jobs/${encodeURIComponent(jobId)}`, body);
  return (await schemas).savedBusinessJobSchema.parse(data);
}
