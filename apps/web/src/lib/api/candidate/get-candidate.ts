import type { Candidate } from '@careers/contracts/candidate';
import { toApiError } from '../../api-error';
import { http } from '../../http-client';
import { candidateContracts } from '../../schemas';

/** GET /candidate: the signed-in user's candidate record. */
export async function getCandidate(): Promise<Candidate> {
  const contracts = candidateContracts();
  const { data } = await http.candidate.get<unknown>('/candidate');
  return (await contracts).candidateSchema.parse(data);
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
