import type { EmailChangeConfirmRequest, EmailChangeConfirmResult } from '@careers/contracts/identity';
import { http } from '../../http-client';
import { identityContracts } from '../../schemas';

/** PUT /api/user/email-update-confirm with the request id and the e-mailed code. */
export async function confirmEmailChange(body: EmailChangeConfirmRequest): Promise<EmailChangeConfirmResult> {
  const contracts = identityContracts();
  const { data } = await http.identityAuthed.put<unknown>('/api/user/email-update-confirm', body);
  return (await contracts).emailChangeConfirmResultSchema.parse(data);
}
