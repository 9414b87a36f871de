import type { SendCodeRequest } from '@careers/contracts/identity';
import { http } from '../../http-client';

/** Sends a one-time sign-in code by e-mail; 429 when asked again within the limit (design.md §3). */
export async function sendVerificationCode(email: string): Promise<void> {
  const body: SendCodeRequest = { email };
  await http.identity.post('/api/account/send-verification-code', body);
}
