import type { FastifyReply, FastifyRequest } from 'fastify';
import { problemDetailsSchema } from '@careers/contracts/errors';
import type { Role } from '@careers/contracts/enums';
import type { AccessTokenClaims } from '@careers/contracts/identity';
import { sharedPlugin } from './http/shared-plugin';
import { HttpProblem } from './problem';

/** The signed-in caller of a request, as both services read it from the identity service's access token. */
export interface AuthUser {
  userId: string;
  email: string;
  name: string | null;
  roles: Role[];
  /**
   * Whether the identity service has proved the address (a code or the confirmation link); null from
   * an identity service that does not say yet (its tokens before the email_verified claim).
   */
  emailVerified: boolean | null;
  /** The session (refresh family) the token was issued in; absent from tokens issued without one. */
  sessionId?: string;
}

/** The token is forged, expired, foreign or malformed: the caller's to fix by signing in again. */
export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError';
}

/** The identity service's keys could not be fetched: not the caller's fault, so not a 401. */
export class KeysUnavailableError extends Error {
  override name = 'KeysUnavailableError';
}

/** Checks an access token's signature, issuer, audience and expiry; throws one of the errors above. */
export type AccessTokenVerifier = (token: string) => Promise<AccessTokenClaims>;

declare module 'fastify' {
  interface FastifyInstance {
    verifyAccessToken: AccessTokenVerifier;
  }
  interface FastifyRequest {
    /** Set by requireRole / requireSignIn; null on routes that need no sign-in. */
    user: AuthUser | null;
  }
}

export function userOfClaims(claims: AccessTokenClaims): AuthUser {
  return {
    userId: claims.sub,
    email: claims.email,
    name: claims.name ?? null,
    roles: claims.roles,
    emailVerified: claims.email_verified ?? null,
    ...(claims.sid ? { sessionId: claims.sid } : {}),
  };
}

/**
 * How a service checks access tokens: the identity service with its own keys, the candidate service with
 * the keys the identity service publishes. Everything after the check is the same in both (requireRole).
 */
export const bearerAuth = sharedPlugin<{ verify: AccessTokenVerifier }>('bearer-auth', async (app, options) => {
  app.decorate('verifyAccessToken', options.verify);
  app.decorateRequest('user', null);
});

const CHALLENGE = { 'WWW-Authenticate': 'Bearer realm="careers-api"' };

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * preHandler: a valid access token, with one of the roles when any are named; else 401 (no or bad token),
 * 403 (wrong role) or 503 (the keys cannot be fetched). Sets request.user.
 */
export function requireRole(...roles: Role[]) {
  return async function authorize(request: FastifyRequest, _reply: FastifyReply) {
    const token = bearerToken(request);
    if (!token) throw new HttpProblem(401, 'Sign in to continue.', { headers: CHALLENGE });
    try {
      request.user = userOfClaims(await request.server.verifyAccessToken(token));
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
    if (roles.length > 0 && !request.user.roles.some((r) => roles.includes(r))) {
      throw new HttpProblem(403, `This needs a ${roles.join(' or ')} account.`);
    }
  };
}

/** preHandler: any signed-in account, whatever its role. */
export const requireSignIn = requireRole();

/** The signed-in user of a route guarded by requireRole or requireSignIn. */
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
