import type { EmailChangeStartResult } from '@careers/contracts/identity';
import { http } from '../../http-client';
import { identityContracts } from '../../schemas';

/** PUT /api/user/email-update-initialise: e-mails a code to the new address and answers the request id. */
export async function startEmailChange(newEmailAddress: string): Promise<EmailChangeStartResult> {
  const contracts = identityContracts();
  const { data } = await http.identityAuthed.put<unknown>('/api/user/email-update-initialise', { newEmailAddress });
  return (await contracts).emailChangeStartResultSchema.parse(data);
}
