import type { Candidate } from '@careers/contracts/candidate';
import { toApiError } from '../../api-error';
import { http } from '../../http-client';

/** GET /candidate: the signed-in user's candidate record. */
export async function getCandidate(): Promise<Candidate> {
  const { data } = await http.candidate.get<Candidate>('/candidate');
  return data;
}

/** The candidate record, or null when the user has none yet (404): sign-up stopped before creating it. */
export async function findCandidate(): Promise<Candidate | null> {
  try {
    return await getCandidate();
  } catch (error) {
    if (toApiError(error).status === 404) return null;
    throw error;
  }
}
