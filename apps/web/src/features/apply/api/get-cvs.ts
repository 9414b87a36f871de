import { cvListSchema, type Cv } from '@careers/contracts/candidate';
import { http } from '../../../lib/http-client';

/** GET /cvs: the signed-in candidate's CVs, newest first. */
export async function getCvs(): Promise<Cv[]> {
  const { data } = await http.candidate.get<unknown>('/cvs');
  const { cvs } = cvListSchema.parse(data);
  return [...cvs].sort((a, b) => Date.parse(b.createdOn) - Date.parse(a.createdOn));
}
