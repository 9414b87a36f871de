import { ApiError } from '../../api-error';
import { http } from '../../http-client';
import { errorContracts } from '../../schemas';

/** PUT /api/user/delete-initialise: e-mails a fresh code to the account's address; deleting needs it. */
export async function requestDeletionCode(): Promise<void> {
  const contracts = errorContracts();
  const { data } = await http.identityAuthed.put<unknown>('/api/user/delete-initialise');
  const result = (await contracts).identityResultSchema.parse(data);
  if (!result.succeeded) throw new ApiError(result.errors[0] ?? 'The code could not be sent.', { body: result });
}
