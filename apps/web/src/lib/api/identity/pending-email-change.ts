import type { PendingEmailChange } from '@careers/contracts/identity';
import { http } from '../../http-client';

/** GET /api/user/email-update: the e-mail change the caller started and can still confirm, or null. */
export async function getPendingEmailChange(): Promise<PendingEmailChange> {
  const { data } = await http.identityAuthed.get<PendingEmailChange>('/api/user/email-update');
  return data;
}
