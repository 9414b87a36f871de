import type { IdentityResult } from '@careers/contracts/errors';
import type { ConfirmEmailRequest } from '@careers/contracts/identity';
import { http } from '../../http-client';

/**
 * Confirms an e-mail address from the link /confirm/{userId}/{token}. With an e-mail address (the link's
 * optional ?email= query) it uses GET /api/account/confirm?UserId=&Email=&Token=; without one it posts
 * {userId, token} to POST /api/account/confirm.
 */
export async function confirmEmail(input: {
  userId: string;
  token: string;
  email?: string | null;
}): Promise<IdentityResult> {
  const { data } = input.email
    ? await http.identity.get<IdentityResult | ''>('/api/account/confirm', {
        params: { UserId: input.userId, Email: input.email, Token: input.token },
      })
    : await http.identity.post<IdentityResult | ''>('/api/account/confirm', {
        userId: input.userId,
        token: input.token,
      } satisfies ConfirmEmailRequest);
  // An answer without a body is a confirmation.
  return data || { succeeded: true, errors: [] };
}
