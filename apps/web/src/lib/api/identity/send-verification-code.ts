import type { SendCodeRequest } from '@careers/contracts/identity';
import { http } from '../../http-client';

/**
 * Sends a one-time sign-in code by e-mail (naming the job when a new candidate's application waits for it); 429 when asked again within the limit (design.md §3). Answers
 * the seconds until another code may be asked for (the answer's Retry-After, decision 0292), 0 when free.
 */
export async function sendVerificationCode(email: string, jobId?: string): Promise<number> {
  // A new candidate's first code names the job it finishes the application to (decision 0284).
  const body: SendCodeRequest = jobId ? { email, jobId } : { email };
  const { headers } = await http.identity.post('/api/account/send-verification-code', body);
  return Math.ceil(Number(headers['retry-after']) || 0);
}
