import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import {
  ACCESS_TOKEN_AUDIENCE,
  ACCOUNT_EVENTS_AUDIENCE,
  accessTokenClaimsSchema,
  accountEventClaimsSchema,
  type AccountEventClaims,
} from '@careers/contracts/identity';
import { InvalidTokenError, KeysUnavailableError, type AccessTokenVerifier } from '@careers/server-kit/bearer-auth';

export interface TokenVerifierOptions {
  issuer: string;
  jwksUrl: string;
}

/**
 * Verifies the identity service's access tokens against its published keys. Only ES256 is accepted,
 * so alg none / HS256 tricks and tampered tokens fail; keys are fetched once and refetched on an
 * unknown kid (rotation).
 */
async function verifyEs256(keys: JWTVerifyGetKey, token: string, issuer: string, audience: string): Promise<unknown> {
  try {
    const { payload } = await jwtVerify(token, keys, {
      algorithms: ['ES256'],
      issuer,
      audience,
      requiredClaims: ['exp', 'sub'],
    });
    return payload;
  } catch (err) {
    if (err instanceof joseErrors.JWKSTimeout) throw new KeysUnavailableError(err.code, { cause: err });
    if (err instanceof joseErrors.JOSEError) throw new InvalidTokenError(err.code);
    // fetch() failing (identity down, DNS) surfaces as a plain TypeError.
    if (err instanceof TypeError) throw new KeysUnavailableError('jwks fetch failed', { cause: err });
    throw err;
  }
}

const remoteKeys = (options: TokenVerifierOptions): JWTVerifyGetKey =>
  createRemoteJWKSet(new URL(options.jwksUrl), { cooldownDuration: 30_000, timeoutDuration: 5_000 });

export function createTokenVerifier(options: TokenVerifierOptions): AccessTokenVerifier {
  const keys = remoteKeys(options);
  return async (token) => {
    const claims = accessTokenClaimsSchema.safeParse(
      await verifyEs256(keys, token, options.issuer, ACCESS_TOKEN_AUDIENCE),
    );
    if (!claims.success) throw new InvalidTokenError('claims');
    return claims.data;
  };
}

/** Notices from the identity service (POST /account-events): same keys, their own audience. */
export function createAccountEventVerifier(
  options: TokenVerifierOptions,
): (token: string) => Promise<AccountEventClaims> {
  const keys = remoteKeys(options);
  return async (token) => {
    const claims = accountEventClaimsSchema.safeParse(
      await verifyEs256(keys, token, options.issuer, ACCOUNT_EVENTS_AUDIENCE),
    );
    if (!claims.success) throw new InvalidTokenError('claims');
    return claims.data;
  };
}
