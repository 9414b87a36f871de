import type { FastifyRequest } from 'fastify';
import { HttpProblem } from '@careers/server-kit/problem';
import type { AccessTokenClaims } from '@careers/contracts/identity';
import { verifyAccessToken } from '../modules/tokens/tokens.service';

/** OpenAPI marker for routes that need `Authorization: Bearer <access token>`. */
export const bearerSecurity = [{ bearer: [] }];

/** The caller's verified claims, or a 401 problem (missing, expired, forged or foreign token). */
export async function authenticate(request: FastifyRequest): Promise<AccessTokenClaims> {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  const challenge = { headers: { 'www-authenticate': 'Bearer realm="careers"' } };
  if (!match?.[1]) throw new HttpProblem(401, 'A bearer access token is required.', challenge);
  const claims = await verifyAccessToken(request.server.tokenContext, match[1]);
  if (!claims) {
    throw new HttpProblem(401, 'The access token is not valid or has expired.', {
      headers: { 'www-authenticate': 'Bearer realm="careers", error="invalid_token"' },
    });
  }
  return claims;
}
