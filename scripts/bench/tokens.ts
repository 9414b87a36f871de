/**
 * The bench starts the identity service with a signing key it made itself (JWT_PRIVATE_KEY), so that it
 * can hand the candidate service tokens for thousands of made-up users without a sign-in for each:
 * the candidate service checks only the signature, issuer and audience, as it does for real tokens.
 */
import { SignJWT, calculateJwkThumbprint, exportJWK, exportPKCS8, generateKeyPair } from 'jose';
import { ACCESS_TOKEN_AUDIENCE } from '@careers/contracts/identity';
import type { Role } from '@careers/contracts/enums';

export async function benchSigningKey() {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const kid = await calculateJwkThumbprint(await exportJWK(publicKey));
  return {
    pem: await exportPKCS8(privateKey),
    token: (issuer: string, userId: string, email: string, roles: Role[]) =>
      new SignJWT({ email, name: `Bench ${userId}`, roles })
        .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(issuer)
        .setAudience(ACCESS_TOKEN_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(privateKey),
  };
}
