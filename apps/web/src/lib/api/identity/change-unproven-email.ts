import type { UnprovenEmailChangeRequest, UnprovenEmailChangeResult } from '@careers/contracts/identity';
import { authStore } from '../../auth-store';
import { http } from '../../http-client';

/**
 * "Wrong address? Change it" (issue 12 item 1): moves the signed-in new candidate's account, whose
 * address was never proved, to the corrected one; a new code goes there. The stored session takes the
 * access token that carries the new address. Answers the new address; a refused change rejects.
 */
export async function changeUnprovenEmail(email: string, jobId?: string): Promise<string> {
  // The apply page names its job, so the new code e-mail says which application it finishes (decision 0350).
  const body: UnprovenEmailChangeRequest = jobId ? { email, jobId } : { email };
  const { data: result } = await http.identityAuthed.put<UnprovenEmailChangeResult>('/api/user/unproven-email', body);
  if (!result.succeeded || !result.email || !result.accessToken)
    throw new Error(result.errors[0] ?? 'The address was not changed.');
  authStore.set({ ...authStore.get(), email: result.email, accessToken: result.accessToken });
  return result.email;
}
