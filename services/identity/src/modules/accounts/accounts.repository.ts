import { randomUUID } from 'node:crypto';
import type { Db } from '../../db';

export type LinkPurpose = 'reset' | 'confirmation';

export interface AccountTokenRecord {
  id: string;
  userId: string;
  expiresAt: Date;
  usedAt: Date | null;
}

/** A new link voids the older unused links of the same purpose: only the latest e-mail works. */
export async function replaceAccountToken(
  db: Db,
  token: { userId: string; purpose: LinkPurpose; tokenHash: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db
    .deleteFrom('account_tokens')
    .where('user_id', '=', token.userId)
    .where('purpose', '=', token.purpose)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('account_tokens')
    .values({
      id: randomUUID(),
      user_id: token.userId,
      purpose: token.purpose,
      token_hash: token.tokenHash,
      expires_at: token.expiresAt,
      created_at: token.createdAt,
    })
    .execute();
}

export async function findAccountTokenForUpdate(
  db: Db,
  tokenHash: string,
  purpose: LinkPurpose,
): Promise<AccountTokenRecord | undefined> {
  const row = await db
    .selectFrom('account_tokens')
    .select(['id', 'user_id', 'expires_at', 'used_at'])
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .forUpdate()
    .executeTakeFirst();
  return row && { id: row.id, userId: row.user_id, expiresAt: row.expires_at, usedAt: row.used_at };
}

export async function markAccountTokenUsed(db: Db, id: string, at: Date): Promise<void> {
  await db.updateTable('account_tokens').set({ used_at: at }).where('id', '=', id).execute();
}

/** Every unused link of the user (an address change makes the links sent to the old address worthless). */
export async function voidUnusedLinks(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('account_tokens').where('user_id', '=', userId).where('used_at', 'is', null).execute();
}
