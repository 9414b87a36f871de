import { useMutation } from '@tanstack/react-query';
import { candidateSchema } from '@careers/contracts/candidate';
import { identityResultSchema } from '@careers/contracts/errors';
import type { DeleteUserRequest } from '@careers/contracts/identity';
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
 * Deletes the account (DELETE /api/user?userId= with the e-mailed code), then the candidate's data
 * (DELETE /candidate with its id). The account goes first so that a wrong code deletes nothing; the
 * access token stays valid for the second call. A failure there cannot undo the deletion, so it is not
 * reported as one: issue 8 point 10 has the identity service tell the candidate service of every
 * deleted account, which removes what this call left.
 */
export async function deleteAccount(input: { userId: string; code: string }): Promise<void> {
  const candidateId = await ownCandidateId();
  const { data } = await http.identityAuthed.delete<unknown>('/api/user', { params: { userId: input.userId }, data: { code: input.code } satisfies DeleteUserRequest });
  const result = identityResultSchema.safeParse(data);
  if (result.success && !result.data.succeeded) throw new ApiError(result.data.errors[0] ?? 'The account could not be deleted.', { body: result.data });
  if (candidateId) await http.candidate.delete('/candidate', { data: { id: candidateId } }).catch(() => undefined);
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
