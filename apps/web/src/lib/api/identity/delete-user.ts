import type { IdentityResult } from '@careers/contracts/errors';
import type { DeleteUserRequest } from '@careers/contracts/identity';
import { ApiError } from '../../api-error';
import { http } from '../../http-client';

/** DELETE /api/user?userId= with the e-mailed code; rejects when the identity service refused. */
export async function deleteUser(input: { userId: string; code: string }): Promise<void> {
  const { data } = await http.identityAuthed.delete<IdentityResult | ''>('/api/user', {
    params: { userId: input.userId },
    data: { code: input.code } satisfies DeleteUserRequest,
  });
  // A deletion may answer no body at all: only an answer that says it failed is a failure.
  if (data && data.succeeded === false)
    throw new ApiError(data.errors[0] ?? 'The account could not be deleted.', { body: data });
}
