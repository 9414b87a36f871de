import type { CreateJob } from '@careers/contracts/employer';
import { http } from '../../http-client';
import { businessSchemas } from '../../schemas';

/** POST /business/jobs: a new job of the business (answered without its number of applications). */
export async function createBusinessJob(body: CreateJob) {
  const schemas = businessSchemas();
  const { data } = await http.candidate.post<unknown>('/business/jobs', body);
  return (await schemas).savedBusinessJobSchema.parse(data);
}
