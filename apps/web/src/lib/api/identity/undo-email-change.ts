import type { IdentityResult } from '@careers/contracts/errors';
import type { UndoEmailChangeRequest } from '@careers/contracts/identity';
import { http } from '../../http-client';

/** POST /api/account/undo-email-change: puts the old address back and ends every session (no sign-in needed). */
export async function undoEmailChange(token: string): Promise<IdentityResult> {
  const { data } = await http.identity.post<IdentityResult>('/api/account/undo-email-change', {
    token,
  } satisfies UndoEmailChangeRequest);
  return data;
}
