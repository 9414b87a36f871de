import { employerJobSchema, type CreateJob } from '@careers/contracts/employer';
import { http } from '../../http-client';

/** A saved job as POST and PUT /business/jobs answer it: the job without its number of applications. */
export const savedBusinessJobSchema = employerJobSchema.omit({ applicationCount: true });

/** POST /business/jobs: a new job of the business. */
export async function createBusinessJob(body: CreateJob) {
  const { data } = await http.candidate.post<unknown>('/business/jobs', body);
  return savedBusinessJobSchema.parse(data);
}
