import type { CvList } from '@careers/contracts/candidate';
import { http } from '../../http-client';
import { candidateContracts } from '../../schemas';

/** GET /cvs: the signed-in candidate's CVs. */
export async function getCvs(): Promise<CvList> {
  const contracts = candidateContracts();
  const { data } = await http.candidate.get<unknown>('/cvs');
  return (await contracts).cvListSchema.parse(data);
}
