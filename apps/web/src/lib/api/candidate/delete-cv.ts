import type { CvDeleteResult } from '@careers/contracts/candidate';
import { http } from '../../http-client';
import { candidateContracts } from '../../schemas';

/** DELETE /cvs/{cvId}. */
export async function deleteCv(cvId: string): Promise<CvDeleteResult> {
  const contracts = candidateContracts();
  const { data } = await http.candidate.delete<unknown>(`/cvs/${encodeURIComponent(cvId)}`);
  return (await contracts).cvDeleteResultSchema.parse(data);
}
