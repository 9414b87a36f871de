import type { ResetLinkStatus, ResetLinkStatusRequest } from '@careers/contracts/identity';
import { http } from '../../http-client';

/** Whether a reset link can still set a password; uses nothing (decision 0290). */
export async function resetLinkStatus(body: ResetLinkStatusRequest): Promise<ResetLinkStatus> {
  const { data } = await http.identity.post<ResetLinkStatus>('/api/account/reset-link-status', body);
  return data;
}
