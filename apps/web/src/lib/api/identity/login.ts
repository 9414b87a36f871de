import type { AuthResponse, LoginRequest } from '@careers/contracts/identity';
import { emptyAuthResponse } from '@careers/contracts/identity-values';
import { ApiError } from '../../api-error';
import { http, loginFailureMessage } from '../../http-client';

/**
 * POST /api/account/login: the answer as the service gave it. An HTTP failure rejects with its ApiError,
 * status and body kept (a 401's body says whether the next try needs the bot check, decision 0015).
 */
export async function requestLogin(body: LoginRequest): Promise<AuthResponse> {
  const { data } = await http.identity.post<AuthResponse>('/api/account/login', body);
  return data;
}

/**
 * Password login (used after a password reset). Never rejects for an HTTP failure: it answers the empty
 * auth response carrying the feedback message (product.md §8: 'Please check your login details' on 401,
 * 'Exception: ' plus the error text otherwise). Anything else thrown is a bug the caller reports.
 */
export async function login(body: LoginRequest): Promise<AuthResponse> {
  try {
    const parsed = await requestLogin(body);
    return parsed.success && parsed.accessToken
      ? parsed
      : emptyAuthResponse(parsed.feedbackMessage ?? 'Failed to login');
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return emptyAuthResponse(loginFailureMessage(error));
  }
}
