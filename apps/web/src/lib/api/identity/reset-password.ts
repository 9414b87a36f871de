import type { ResetPasswordRequest, ResetPasswordResult } from '@careers/contracts/identity';
import { http } from '../../http-client';
import { identityContracts } from '../../schemas';

/**
 * Sets a new password with the token from the reset link. The answer carries the session the reset signs
 * in with (decision 0290); a server that answers without one leaves `session` out.
 */
export async function resetPassword(body: ResetPasswordRequest): Promise<ResetPasswordResult> {
  const contracts = identityContracts();
  const { data } = await http.identity.post<unknown>('/api/account/reset-password', body);
  const parsed = (await contracts).resetPasswordResultSchema.safeParse(data);
  if (!parsed.success) return { succeeded: true, errors: [] };
  const { session, ...result } = parsed.data;
  // Only a signed-in answer is a session to keep.
  return session?.success && session.accessToken && session.id !== -1 ? { ...result, session } : result;
}
