import type { CandidateUpdate } from '@careers/contracts/candidate';
import { http } from '../../http-client';

/** PUT /candidate: the signed-in candidate's name, phone number and post code. */
export async function updateCandidate(body: CandidateUpdate): Promise<void> {
  await http.candidate.put('/candidate', body);
}
