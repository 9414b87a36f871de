import type { IdentityResult } from '@careers/contracts/errors';
import type { ConfirmEmailRequest } from '@careers/contracts/identity';
import { http } from '../../http-client';
import { errorContracts } from '../../schemas';

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
  const contracts = errorContracts();
  const { data } = input.email
    ? await http.identity.get<unknown>('/api/account/confirm', {
        params: { UserId: input.userId, Email: input.email, Token: input.token },
      })
    : await http.identity.post<unknown>('/api/account/confirm', {
        userId: input.userId,
        token: input.token,
      } satisfies ConfirmEmailRequest);
  const parsed = (await contracts).identityResultSchema.safeParse(data);
  return parsed.success ? parsed.data : { succeeded: true, errors: [] };
}
