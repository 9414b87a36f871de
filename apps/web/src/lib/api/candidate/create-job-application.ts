import type { CreateApplication, CreateApplicationResult } from '@careers/contracts/candidate';
import { http } from '../../http-client';

/** POST /job-applications. A refused application answers isValidResponse false with its reasons in errors. */
export async function createJobApplication(body: CreateApplication): Promise<CreateApplicationResult> {
  const { data } = await http.candidate.post<CreateApplicationResult>('/job-applications', body);
  return data;
}
