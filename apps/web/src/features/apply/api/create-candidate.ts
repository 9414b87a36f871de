import type { CandidateCreate } from '@careers/contracts/candidate';
import { http } from '../../../lib/http-client';

/** POST /candidate: the signed-in user's candidate record. */
export async function createCandidate(body: CandidateCreate): Promise<void> {
  await http.candidate.post('/candidate', body);
}
