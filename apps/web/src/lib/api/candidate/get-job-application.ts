import type { JobApplicationDetail } from '@careers/contracts/candidate-api';
import { http } from '../../http-client';

/** GET /job-applications/{id}: one of the caller's applications (404 for anyone else's), for its own page. */
export async function getJobApplication(id: string): Promise<JobApplicationDetail> {
  const { data } = await http.candidate.get<JobApplicationDetail>(`/job-applications/${encodeURIComponent(id)}`);
  return data;
}
