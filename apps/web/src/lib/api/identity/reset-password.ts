import type { IdentityResult } from '@careers/contracts/errors';
import type { ResetPasswordRequest } from '@careers/contracts/identity';
import { http } from '../../http-client';
import { errorContracts } from '../../schemas';

/** Sets a new password with the token from the reset link. */
export async function resetPassword(body: ResetPasswordRequest): Promise<IdentityResult> {
  const contracts = errorContracts();
  const { data } = await http.identity.post<unknown>('/api/account/reset-password', body);
  const parsed = (await contracts).identityResultSchema.safeParse(data);
  // Some servers answer 200 or 204 without a body on success.
  return parsed.success ? parsed.data : { succeeded: true, errors: [] };
}
