import {
  emailChangeConfirmResultSchema,
  type EmailChangeConfirmRequest,
  type EmailChangeConfirmResult,
} from '@careers/contracts/identity';
import { http } from '../../http-client';

/** PUT /api/user/email-update-confirm with the request id and the e-mailed code. */
export async function confirmEmailChange(body: EmailChangeConfirmRequest): Promise<EmailChangeConfirmResult> {
  const { data } = await http.identityAuthed.put<unknown>('/api/user/email-update-confirm', body);
  return emailChangeConfirmResultSchema.parse(data);
}
