import { randomUUID } from 'node:crypto';
import type { Db } from '../../db';

export interface RefreshTokenRecord {
  id: string;
  userId: string;
  familyId: string;
  expiresAt: Date;
  rotatedAt: Date | null;
  revokedAt: Date | null;
}

export async function insertRefreshToken(
  db: Db,
  token: { userId: string; familyId: string; tokenHash: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({
      id: randomUUID(),
      user_id: token.userId,
      family_id: token.familyId,
      token_hash: token.tokenHash,
      expires_at: token.expiresAt,
      created_at: token.createdAt,
    })
    .execute();
}

/** Locks the row so that two refreshes racing with the same token cannot both rotate it. */
export async function findRefreshTokenForUpdate(db: Db, tokenHash: string): Promise<RefreshTokenRecord | undefined> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select(['id', 'user_id', 'family_id', 'expires_at', 'rotated_at', 'revoked_at'])
    .where('token_hash', '=', tokenHash)
    .forUpdate()
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      userId: row.user_id,
      familyId: row.family_id,
      expiresAt: row.expires_at,
      rotatedAt: row.rotated_at,
      revokedAt: row.revoked_at,
    }
  );
}

/**
 * Whether a token of the family issued at or after `rotatedAt` (the rotation of token `id`, which issued
 * its successor) has itself been rotated: the successor, or a later token, was used.
 */
export async function laterTokenUsed(db: Db, familyId: string, id: string, rotatedAt: Date): Promise<boolean> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select('id')
    .where('family_id', '=', familyId)
    .where('id', '!=', id)
    .where('created_at', '>=', rotatedAt)
    .where('rotated_at', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function markRotated(db: Db, id: string, at: Date): Promise<void> {
  await db.updateTable('refresh_tokens').set({ rotated_at: at }).where('id', '=', id).execute();
}

/** Ends one session (refresh-token family); with `userId`, only when that family is the user's. */
export async function revokeFamily(db: Db, familyId: string, at: Date, userId?: string): Promise<void> {
  let query = db
    .updateTable('refresh_tokens')
    .set({ revoked_at: at })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null);
  if (userId) query = query.where('user_id', '=', userId);
  await query.execute();
}

export async function endAllSessions(db: Db, userId: string, at: Date): Promise<number> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Ends every session of the user but one (keepFamilyId; every one when it is undefined). */
export async function endOtherSessions(
  db: Db,
  userId: string,
  keepFamilyId: string | undefined,
  at: Date,
): Promise<number> {
  let query = db
    .updateTable('refresh_tokens')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepFamilyId) query = query.where('family_id', '<>', keepFamilyId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Ends the sessions (refresh-token families) of the user that began at or before `startedBy`: a family
 * whose first token is younger was signed in later and stays. Answers how many live tokens it revoked.
 */
export async function endSessionsStartedBy(db: Db, userId: string, startedBy: Date, at: Date): Promise<number> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('family_id', 'in', (eb) =>
      eb
        .selectFrom('refresh_tokens')
        .select('family_id')
        .where('user_id', '=', userId)
        .groupBy('family_id')
        .having((h) => h.fn.min('created_at'), '<=', startedBy),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
