import { Role } from '@careers/contracts/enum-values';
import type { LoginCheckRequest } from '@careers/contracts/identity';
import { toApiError } from '../../api-error';
import { http } from '../../http-client';

/** The login check: true when the e-mail has a candidate account (200), false when it has none (404). */
export async function canLogIn(email: string): Promise<boolean> {
  const body: LoginCheckRequest = { email, applicationRole: Role.Candidate, token: '' };
  try {
    await http.identity.post('/api/account/can-log-in', body);
    return true;
  } catch (error) {
    if (toApiError(error).status === 404) return false;
    throw error;
  }
}
