import { Role } from '@careers/contracts/enums';
import type { LoginCheckRequest } from '@careers/contracts/identity';
import { http } from '../../../lib/http-client';

/** The login check: 200 when the e-mail has a candidate account, 404 (problem details) when it has none. */
export async function canLogIn(email: string): Promise<void> {
  const body: LoginCheckRequest = { email, applicationRole: Role.Candidate, token: '' };
  await http.identity.post('/api/account/can-log-in', body);
}
