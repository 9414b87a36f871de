import type { DeleteUserRequest } from '@careers/contracts/identity';
import { ApiError } from '../../api-error';
import { http } from '../../http-client';
import { errorContracts } from '../../schemas';

/** DELETE /api/user?userId= with the e-mailed code; rejects when the identity service refused. */
export async function deleteUser(input: { userId: string; code: string }): Promise<void> {
  const contracts = errorContracts();
  const { data } = await http.identityAuthed.delete<unknown>('/api/user', {
    params: { userId: input.userId },
    data: { code: input.code } satisfies DeleteUserRequest,
  });
  const result = (await contracts).identityResultSchema.safeParse(data);
  if (result.success && !result.data.succeeded)
    throw new ApiError(result.data.errors[0] ?? 'The account could not be deleted.', { body: result.data });
}
