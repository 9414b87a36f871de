import { randomUUID } from 'node:crypto';
import { SignJWT, compactVerify, createLocalJWKSet, decodeProtectedHeader } from 'jose';
import {
  ACCESS_TOKEN_AUDIENCE,
  accessTokenClaimsSchema,
  type AccessTokenClaims,
  type AuthResponse,
} from '@careers/contracts/identity';
import type { Db } from '../../db';
import type { SigningKeys } from './signing-keys';
import { randomToken, sha256 } from '../../lib/crypto';
import { HttpProblem } from '@careers/server-kit/problem';
import { InvalidTokenError, type AccessTokenVerifier } from '@careers/server-kit/bearer-auth';
import { Role } from '@careers/contracts/enums';
import { ACCOUNT_GONE, findUserById, type UserRecord } from '../users/users.service';
import {
  laterTokenUsed,
  findRefreshTokenForUpdate,
  insertRefreshToken,
  markRotated,
  endAllSessions,
  revokeFamily,
  endOtherSessions,
  endSessionsStartedBy,
} from './tokens.repository';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_DAYS = 30;
/** Absolute lifetime of a session of an account whose address nobody has proved yet (docs/decisions/0014). */
export const UNPROVEN_SESSION_HOURS = 12;

export interface TokenContext {
  keys: SigningKeys;
  issuer: string;
  now: () => number;
}

/** sessionId (the refresh family) goes into the sid claim, so that a call can tell the caller's session apart. */
export async function createAccessToken(ctx: TokenContext, user: UserRecord, sessionId?: string): Promise<string> {
  const iat = Math.floor(ctx.now() / 1000);
  return new SignJWT({
    email: user.email,
    name: user.name,
    roles: user.roles,
    email_verified: user.emailConfirmedAt !== null,
    ...(sessionId ? { sid: sessionId } : {}),
  })
    .setProtectedHeader({ alg: 'ES256', kid: ctx.keys.current.kid, typ: 'JWT' })
    .setSubject(user.id)
    .setIssuer(ctx.issuer)
    .setAudience(ACCESS_TOKEN_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_SECONDS)
    .sign(ctx.keys.current.privateKey);
}

/**
 * Checks an access token: ES256 only (alg none and HS256 keyed with the public key are refused by the
 * allow-list before any key is used), a published kid, iss and aud; exp unless allowExpired (refresh
 * presents the expired access token only to prove which user it belongs to).
 */
export async function verifyAccessToken(
  ctx: TokenContext,
  token: string,
  options: { allowExpired?: boolean } = {},
): Promise<AccessTokenClaims | undefined> {
  try {
    const header = decodeProtectedHeader(token);
    if (header.alg !== 'ES256') return undefined;
    const { payload } = await compactVerify(token, createLocalJWKSet({ keys: ctx.keys.publicJwks }), {
      algorithms: ['ES256'],
    });
    const claims = accessTokenClaimsSchema.safeParse(JSON.parse(new TextDecoder().decode(payload)));
    if (!claims.success) return undefined;
    const c = claims.data;
    const audiences = Array.isArray(c.aud) ? c.aud : [c.aud];
    if (c.iss !== ctx.issuer || !audiences.includes(ACCESS_TOKEN_AUDIENCE)) return undefined;
    if (!options.allowExpired && c.exp <= Math.floor(ctx.now() / 1000)) return undefined;
    return c;
  } catch {
    return undefined;
  }
}

export interface Session {
  accessToken: string;
  refreshToken: string;
  refreshTokenExpiryTime: string;
}

/** A new login (new family), or the next token of a family keeping its absolute expiry. */
export async function issueSession(
  db: Db,
  ctx: TokenContext,
  user: UserRecord,
  family?: { familyId: string; expiresAt: Date },
): Promise<Session> {
  const now = new Date(ctx.now());
  const refreshToken = randomToken();
  const lifetimeMs = user.emailConfirmedAt
    ? REFRESH_TOKEN_DAYS * 24 * 3600 * 1000
    : UNPROVEN_SESSION_HOURS * 3600 * 1000;
  const expiresAt = family?.expiresAt ?? new Date(now.getTime() + lifetimeMs);
  const familyId = family?.familyId ?? randomUUID();
  await insertRefreshToken(db, {
    userId: user.id,
    familyId,
    tokenHash: sha256(refreshToken),
    expiresAt,
    createdAt: now,
  });
  return {
    accessToken: await createAccessToken(ctx, user, familyId),
    refreshToken,
    refreshTokenExpiryTime: expiresAt.toISOString(),
  };
}

export function loginResult(user: UserRecord, session: Session, feedbackMessage: string): AuthResponse {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    ...session,
    success: true,
    feedbackMessage,
  };
}

export type RefreshOutcome = { ok: true; result: AuthResponse } | { ok: false; message: string };

/**
 * How long a rotated refresh token may be presented again, as long as its successor was never used:
 * the answer that carried the successor can be lost (the page navigated away mid-refresh) and two tabs
 * of one browser can refresh at the same moment. Both are the owner, not a thief (docs/decisions/0460).
 */
export const ROTATION_GRACE_MS = 30_000;

/**
 * Rotation with reuse detection: a token that was already rotated means it leaked (or the client
 * raced itself); the whole family is revoked so that whoever holds the newer token loses it too.
 * Within ROTATION_GRACE_MS of its rotation, while no later token of the family has been used, the
 * rotated token gets a new successor instead; the family and its expiry are unchanged.
 */
export async function refreshSession(
  db: Db,
  ctx: TokenContext,
  accessToken: string,
  refreshToken: string,
): Promise<RefreshOutcome> {
  const now = new Date(ctx.now());
  const claims = await verifyAccessToken(ctx, accessToken, { allowExpired: true });
  if (!claims) return { ok: false, message: 'The access token is not valid.' };
  const row = await findRefreshTokenForUpdate(db, sha256(refreshToken));
  if (!row) return { ok: false, message: 'The refresh token is not valid.' };
  if (row.userId !== claims.sub) return { ok: false, message: 'The refresh token is not valid.' };
  if (row.revokedAt) return { ok: false, message: 'The session has ended. Please log in again.' };
  if (row.rotatedAt) {
    const lostAnswer =
      now.getTime() - row.rotatedAt.getTime() <= ROTATION_GRACE_MS &&
      !(await laterTokenUsed(db, row.familyId, row.id, row.rotatedAt));
    if (!lostAnswer) {
      await revokeFamily(db, row.familyId, now);
      return { ok: false, message: 'The session has ended. Please log in again.' };
    }
  }
  if (row.expiresAt.getTime() <= now.getTime())
    return { ok: false, message: 'The session has expired. Please log in again.' };
  const user = await findUserById(db, row.userId);
  if (!user) return { ok: false, message: 'The account no longer exists.' };
  if (!row.rotatedAt) await markRotated(db, row.id, now);
  const session = await issueSession(db, ctx, user, { familyId: row.familyId, expiresAt: row.expiresAt });
  return { ok: true, result: loginResult(user, session, 'Token refreshed.') };
}

/** Ends every session (refresh-token family) of the user; answers how many were live. */
export { endAllSessions };

/** Ends every session of the user but one (keepFamilyId; every one when it is undefined). */
export { endOtherSessions };

/**
 * POST /api/account/revoke ('this') and /api/account/revoke-all ('all'): 400 (thrown) when the account no
 * longer exists. A token without a session id comes from before sid was issued: it cannot name its
 * session, so every session ends, as logout did then.
 */
export async function signOut(
  db: Db,
  ctx: TokenContext,
  caller: { userId: string; sessionId: string | undefined },
  scope: 'this' | 'all',
): Promise<void> {
  const user = await findUserById(db, caller.userId);
  if (!user) throw new HttpProblem(400, ACCOUNT_GONE);
  const now = new Date(ctx.now());
  if (scope === 'this' && caller.sessionId) await revokeFamily(db, caller.sessionId, now, user.id);
  else await endAllSessions(db, user.id, now);
}

/** The service's own check of its access tokens, for server-kit's bearerAuth (the candidate service checks them by JWKS). */
export function accessTokenVerifier(ctx: TokenContext): AccessTokenVerifier {
  return async (token) => {
    const claims = await verifyAccessToken(ctx, token);
    if (!claims) throw new InvalidTokenError('not valid, expired or foreign');
    return claims;
  };
}

export type TeamRemovalOutcome = 'ended' | 'no-account' | 'candidate-account';

/**
 * The candidate service's notice that an owner removed this account from its business (docs/decisions/0351):
 * the sessions that were open at the removal end, so the removed member's refresh is refused and their
 * access token dies at its expiry. An employer account is in one business at most, so it loses nothing
 * else; a candidate's account (one that joined through the API) keeps its sessions: the business has no
 * say over the candidate side, and its membership check already refuses every employer call. Sessions
 * begun after the removal stay (the removed member signing in again sees why they are out). Idempotent.
 */
export async function endSessionsForTeamRemoval(
  db: Db,
  ctx: TokenContext,
  userId: string,
  removedAt: Date,
): Promise<{ outcome: TeamRemovalOutcome; sessionsEnded: number }> {
  const user = await findUserById(db, userId);
  if (!user) return { outcome: 'no-account', sessionsEnded: 0 };
  if (user.roles.includes(Role.Candidate)) return { outcome: 'candidate-account', sessionsEnded: 0 };
  const sessionsEnded = await endSessionsStartedBy(db, user.id, removedAt, new Date(ctx.now()));
  return { outcome: 'ended', sessionsEnded };
}
