import type { EmailChangeStartResult } from '@careers/contracts/identity';
import { http } from '../../http-client';

/** PUT /api/user/email-update-initialise: e-mails a code to the new address and answers the request id. */
export async function startEmailChange(newEmailAddress: string): Promise<EmailChangeStartResult> {
  const { data } = await http.identityAuthed.put<EmailChangeStartResult>('/api/user/email-update-initialise', {
    newEmailAddress,
  });
  return data;
}
