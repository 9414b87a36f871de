import type { CreateJob, EmployerJob } from '@careers/contracts/employer';
import { http } from '../../http-client';

/** PUT /business/jobs/{id}: the job's fields; closing and reopening are a PUT with isLive. */
export async function updateBusinessJob(
  jobId: string,
  body: CreateJob,
): Promise<Omit<EmployerJob, 'applicationCount' | 'withdrawnCount'>> {
  const { data } = await http.candidate.put<Omit<EmployerJob, 'applicationCount' | 'withdrawnCount'>>(
    `/business/jobs/${encodeURIComponent(jobId)}`,
    body,
  );
  return data;
}
