import type { CvDeleteResult } from '@careers/contracts/candidate';
import { http } from '../../http-client';

/** DELETE /cvs/{cvId}. */
export async function deleteCv(cvId: string): Promise<CvDeleteResult> {
  const { data } = await http.candidate.delete<CvDeleteResult>(`/cvs/${encodeURIComponent(cvId)}`);
  return data;
}
