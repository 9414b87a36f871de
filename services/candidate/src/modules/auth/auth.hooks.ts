import { problemDetailsSchema } from '@careers/contracts/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpProblem } from '@careers/server-kit/problem';
import type { Role } from '@careers/contracts/enums';
import { InvalidTokenError, KeysUnavailableError, type AuthUser } from './auth.service';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

const CHALLENGE = { 'WWW-Authenticate': 'Bearer realm="careers-api"' };

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** preHandler: a valid access token with one of the roles, else 401 (no/bad token) or 403 (wrong role). */
export function requireRole(...roles: Role[]) {
  return async function authorize(request: FastifyRequest, _reply: FastifyReply) {
    const token = bearerToken(request);
    if (!token) throw new HttpProblem(401, 'Sign in to continue.', { headers: CHALLENGE });
    try {
      request.user = await request.server.verifyToken(token);
    } catch (err) {
      if (err instanceof InvalidTokenError) {
        request.log.info({ reason: err.message }, 'access token refused');
        throw new HttpProblem(401, 'Your session has expired or is not valid. Sign in again.', {
          headers: { 'WWW-Authenticate': 'Bearer realm="careers-api", error="invalid_token"' },
        });
      }
      if (err instanceof KeysUnavailableError) {
        request.log.error({ err }, 'identity keys unavailable');
        throw new HttpProblem(503, 'Sign-in cannot be checked right now. Please try again shortly.', {
          headers: { 'Retry-After': '5' },
        });
      }
      throw err;
    }
    if (!request.user.roles.some((r) => roles.includes(r))) {
      throw new HttpProblem(403, `This needs a ${roles.join(' or ')} account.`);
    }
  };
}

/** The signed-in user of a route guarded by requireRole. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new HttpProblem(401, 'Sign in to continue.', { headers: CHALLENGE });
  return request.user;
}

/** OpenAPI: routes guarded by a bearer token. */
export const bearerSecurity = [{ bearer: [] as string[] }];

/** The problem-details answers every signed-in route documents: bad input, no or bad token, wrong role, not found. */
export const authedProblems = {
  400: problemDetailsSchema,
  401: problemDetailsSchema,
  403: problemDetailsSchema,
  404: problemDetailsSchema,
};
