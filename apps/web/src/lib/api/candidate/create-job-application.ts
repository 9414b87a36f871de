import type { CreateApplication, CreateApplicationResult } from '@careers/contracts/candidate';
import { http } from '../../http-client';
import { candidateContracts } from '../../schemas';

/** POST /job-applications. A refused application answers isValidResponse false with its reasons in errors. */
export async function createJobApplication(body: CreateApplication): Promise<CreateApplicationResult> {
  const contracts = candidateContracts();
  const { data } = await http.candidate.post<unknown>('/job-applications', body);
  return (await contracts).createApplicationResultSchema.parse(data);
}
