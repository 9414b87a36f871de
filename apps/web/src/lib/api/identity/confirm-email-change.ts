import type { EmailChangeConfirmRequest, EmailChangeConfirmResult } from '@careers/contracts/identity';
import { http } from '../../http-client';

/** PUT /api/user/email-update-confirm with the request id and the e-mailed code. */
export async function confirmEmailChange(body: EmailChangeConfirmRequest): Promise<EmailChangeConfirmResult> {
  const { data } = await http.identityAuthed.put<EmailChangeConfirmResult>('/api/user/email-update-confirm', body);
  return data;
}
