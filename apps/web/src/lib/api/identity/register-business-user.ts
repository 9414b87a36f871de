import type { RegistrationRequest, RegistrationResult } from '@careers/contracts/identity';
import { http } from '../../http-client';

/**
 * POST /api/register/business-user (the body carries the bot check's token). Answers the registration's
 * result as the service gave it, refused or not: the employer sign-up says in its own words what failed.
 */
export async function registerBusinessUser(body: RegistrationRequest): Promise<RegistrationResult> {
  const { data } = await http.identity.post<RegistrationResult>('/api/register/business-user', body);
  return data;
}
