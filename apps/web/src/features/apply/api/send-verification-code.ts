import type { SendCodeRequest } from '@careers/contracts/identity';
import { http } from '../../../lib/http-client';

/** E-mails a one-time sign-in code; 429 with Retry-After when asked again too soon (DESIGN §3). */
export async function sendVerificationCode(email: string): Promise<void> {
  const body: SendCodeRequest = { email };
  await http.identity.post('/api/account/send-verification-code', body);
}
