import type { AuthResponse, VerifyCodeRequest } from '@careers/contracts/identity';
import { http } from '../../http-client';
import { getBotCheckToken } from '../../bot-check';

/**
 * Solves the bot check, then verifies the code. Answers the login result when the answer is truthy (a
 * signed-in user with a token), else null; a failed call rejects.
 */
export async function verifyCode(email: string, code: string): Promise<AuthResponse | null> {
  const token = await getBotCheckToken(http.identity);
  const body: VerifyCodeRequest = { email, code, token };
  const { data } = await http.identity.post<AuthResponse | ''>('/api/account/verify-code', body);
  if (!data || !data.success || !data.accessToken || data.id === -1) return null;
  return data;
}
