import { cvDeleteResultSchema, type CvDeleteResult } from '@careers/contracts/candidate';
import { http } from '../../http-client';

/** DELETE /cvs/{cvId}. */
export async function deleteCv(cvId: string): Promise<CvDeleteResult> {
  const { data } = await http.candidate.delete<unknown>(`/cvs/${encodeURIComponent(cvId)}`);
  return cvDeleteResultSchema.parse(data);
}
