import type { ResetLinkStatus, ResetLinkStatusRequest } from '@careers/contracts/identity';
import { http } from '../../http-client';
import { identityContracts } from '../../schemas';

/** Whether a reset link can still set a password; uses nothing (decision 0290). */
export async function resetLinkStatus(body: ResetLinkStatusRequest): Promise<ResetLinkStatus> {
  const contracts = identityContracts();
  const { data } = await http.identity.post<unknown>('/api/account/reset-link-status', body);
  return (await contracts).resetLinkStatusSchema.parse(data);
}
