import { useMutation } from '@tanstack/react-query';
import { deleteCandidate } from '../../../lib/api/candidate/delete-candidate';
import { findCandidate } from '../../../lib/api/candidate/get-candidate';
import { deleteUser } from '../../../lib/api/identity/delete-user';

/**
 * Deletes the account (DELETE /api/user?userId= with the e-mailed code), then the candidate's data
 * (DELETE /candidate with its id). The account goes first so that a wrong code deletes nothing; the
 * access token stays valid for the second call. A failure there cannot undo the deletion, so it is not
 * reported as one: issue 8 point 10 has the identity service tell the candidate service of every
 * deleted account, which removes what this call left.
 */
export async function deleteAccount(input: { userId: string; code: string }): Promise<void> {
  const candidate = await findCandidate();
  await deleteUser(input);
  if (candidate) await deleteCandidate(candidate.id).catch(() => undefined);
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
