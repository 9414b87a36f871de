import type { CandidateCreate } from '@careers/contracts/candidate';
import { http } from '../../http-client';

/** Creates the signed-in user's candidate record (candidate service). */
export async function createCandidate(body: CandidateCreate): Promise<void> {
  await http.candidate.post('/candidate', body);
}
