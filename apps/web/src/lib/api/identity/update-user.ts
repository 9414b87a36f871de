import type { UserUpdateRequest } from '@careers/contracts/identity';
import { http } from '../../http-client';

/** PUT /api/user: the account's name and phone. */
export async function updateUser(body: UserUpdateRequest): Promise<void> {
  await http.identityAuthed.put('/api/user', body);
}
