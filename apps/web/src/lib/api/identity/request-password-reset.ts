import type { ForgotPasswordRequest } from '@careers/contracts/identity';
import { http } from '../../http-client';

/** Asks for a password-reset link; the candidate portal sends portalType 'Business' (product.md §3). */
export async function requestPasswordReset(email: string): Promise<void> {
  const body: ForgotPasswordRequest = { email, portalType: 'Business' };
  await http.identity.post('/api/account/forgot-password', body);
}
