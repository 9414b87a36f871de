import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { ACCESS_TOKEN_AUDIENCE, accessTokenClaimsSchema } from '@careers/contracts/identity';
import type { Role } from '@careers/contracts/enums';

export interface AuthUser {
  userId: string;
  email: string;
  name: string | null;
  roles: Role[];
}

export interface TokenVerifierOptions {
  issuer: string;
  jwksUrl: string;
}

export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError';
}

/** The identity service's keys could not be fetched: not the caller's fault, so not a 401. */
export class KeysUnavailableError extends Error {
  override name = 'KeysUnavailableError';
}

/**
 * Verifies the identity service's access tokens against its published keys. Only ES256 is accepted,
 * so alg none / HS256 tricks and tampered tokens fail; keys are fetched once and refetched on an
 * unknown kid (rotation).
 */
export function createTokenVerifier(options: TokenVerifierOptions): (token: string) => Promise<AuthUser> {
  const keys: JWTVerifyGetKey = createRemoteJWKSet(new URL(options.jwksUrl), { cooldownDuration: 30_000, timeoutDuration: 5_000 });
  return async (token) => {
    let payload: unknown;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        algorithms: ['ES256'],
        issuer: options.issuer,
        audience: ACCESS_TOKEN_AUDIENCE,
        requiredClaims: ['exp', 'sub'],
      }));
    } catch (err) {
      if (err instanceof joseErrors.JWKSTimeout) throw new KeysUnavailableError(err.code, { cause: err });
      if (err instanceof joseErrors.JOSEError) throw new InvalidTokenError(err.code);
      // fetch() failing (identity down, DNS) surfaces as a plain TypeError.
      if (err instanceof TypeError) throw new KeysUnavailableError('jwks fetch failed', { cause: err });
      throw err;
    }
    const claims = accessTokenClaimsSchema.safeParse(payload);
    if (!claims.success) throw new InvalidTokenError('claims');
    return { userId: claims.data.sub, email: claims.data.email, name: claims.data.name ?? null, roles: claims.data.roles };
  };
}
