import type { RegistrationRequest, RegistrationResult } from '@careers/contracts/identity';
import { CANDIDATE_BUILT_IN_PASSWORD } from '@careers/contracts/identity-values';
import { ApiError } from '../../api-error';
import { http } from '../../http-client';
import { getBotCheckToken } from '../../bot-check';

/** Bot check, then registration with the built-in candidate password (product.md §3); rejects unless it succeeded. */
export async function registerCandidateUser(input: {
  name: string;
  email: string;
  phone: string;
}): Promise<RegistrationResult> {
  const token = await getBotCheckToken(http.identity);
  const body: RegistrationRequest = { ...input, password: CANDIDATE_BUILT_IN_PASSWORD, token };
  const { data: result } = await http.identity.post<RegistrationResult>('/api/register/candidate-user', body);
  if (!result.succeeded || !result.userId || !result.accessToken) {
    throw new ApiError(result.errors[0] ?? 'Registration failed', { body: result });
  }
  return result;
}
