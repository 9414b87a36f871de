import type { CvList } from '@careers/contracts/candidate';
import { http } from '../../http-client';

/** GET /cvs: the signed-in candidate's CVs. */
export async function getCvs(): Promise<CvList> {
  const { data } = await http.candidate.get<CvList>('/cvs');
  return data;
}
