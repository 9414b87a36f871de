import type { AuthResponse, VerifyCodeRequest } from '@careers/contracts/identity';
import { http } from '../../http-client';
import { getBotCheckToken } from '../../bot-check';
import { identityContracts } from '../../schemas';

/**
 * Solves the bot check, then verifies the code. Answers the login result when the answer is truthy (a
 * signed-in user with a token), else null; a failed call rejects.
 */
export async function verifyCode(email: string, code: string): Promise<AuthResponse | null> {
  const contracts = identityContracts();
  const token = await getBotCheckToken(http.identity);
  const body: VerifyCodeRequest = { email, code, token };
  const { data } = await http.identity.post<unknown>('/api/account/verify-code', body);
  const parsed = (await contracts).authResponseSchema.safeParse(data);
  if (!parsed.success || !parsed.data.success || !parsed.data.accessToken || parsed.data.id === -1) return null;
  return parsed.data;
}
