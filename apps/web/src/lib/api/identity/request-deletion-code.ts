import type { IdentityResult } from '@careers/contracts/errors';
import { ApiError } from '../../api-error';
import { http } from '../../http-client';

/** PUT /api/user/delete-initialise: e-mails a fresh code to the account's address; deleting needs it. */
export async function requestDeletionCode(): Promise<void> {
  const { data: result } = await http.identityAuthed.put<IdentityResult>('/api/user/delete-initialise');
  if (!result.succeeded) throw new ApiError(result.errors[0] ?? 'The code could not be sent.', { body: result });
}
