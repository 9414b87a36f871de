import type { ResetPasswordRequest, ResetPasswordResult } from '@careers/contracts/identity';
import { http } from '../../http-client';

/**
 * Sets a new password with the token from the reset link. The answer carries the session the reset signs
 * in with (decision 0290); a server that answers without one leaves `session` out.
 */
export async function resetPassword(body: ResetPasswordRequest): Promise<ResetPasswordResult> {
  const { data } = await http.identity.post<ResetPasswordResult | ''>('/api/account/reset-password', body);
  if (!data) return { succeeded: true, errors: [] };
  const { session, ...result } = data;
  // Only a signed-in answer is a session to keep.
  return session?.success && session.accessToken && session.id !== -1 ? { ...result, session } : result;
}
