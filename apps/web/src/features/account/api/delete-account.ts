import { useMutation } from '@tanstack/react-query';
import { candidateSchema } from '@careers/contracts/candidate';
import { identityResultSchema } from '@careers/contracts/errors';
import { ApiError, toApiError } from '../../../lib/api-error';
import { http } from '../../../lib/http-client';

/** The candidate record's id, or null when the user never got one (404). */
async function ownCandidateId(): Promise<string | null> {
  try {
    const { data } = await http.candidate.get<unknown>('/candidate');
    return candidateSchema.parse(data).id;
  } catch (error) {
    if (toApiError(error).status === 404) return null;
    throw error;
  }
}

/**
 * Deletes the candidate's data (DELETE /candidate with its id), then the account itself
 * (DELETE /api/user?userId=). The candidate data goes first: the account's token is still needed for it.
 */
export async function deleteAccount(userId: string): Promise<void> {
  const candidateId = await ownCandidateId();
  if (candidateId) await http.candidate.delete('/candidate', { data: { id: candidateId } });
  const { data } = await http.identityAuthed.delete<unknown>('/api/user', { params: { userId } });
  const result = identityResultSchema.safeParse(data);
  if (result.success && !result.data.succeeded) throw new ApiError(result.data.errors[0] ?? 'The account could not be deleted.', { body: result.data });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
