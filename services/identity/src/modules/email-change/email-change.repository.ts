import { randomUUID } from 'node:crypto';
import type { Db } from '../../db';
import { normalizeEmail } from '../../lib/email';

export interface UndoLinkRecord {
  id: string;
  userId: string;
  oldEmail: string;
  expiresAt: Date;
  usedAt: Date | null;
  createdAt: Date;
}

export async function insertUndoLink(
  db: Db,
  link: { userId: string; oldEmail: string; newEmail: string; tokenHash: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db
    .insertInto('email_change_undo')
    .values({
      id: randomUUID(),
      user_id: link.userId,
      old_email: link.oldEmail,
      old_email_normalized: normalizeEmail(link.oldEmail),
      new_email: link.newEmail,
      token_hash: link.tokenHash,
      expires_at: link.expiresAt,
      created_at: link.createdAt,
    })
    .execute();
}

export async function findUndoLinkForUpdate(db: Db, tokenHash: string): Promise<UndoLinkRecord | undefined> {
  const row = await db
    .selectFrom('email_change_undo')
    .select(['id', 'user_id', 'old_email', 'expires_at', 'used_at', 'created_at'])
    .where('token_hash', '=', tokenHash)
    .forUpdate()
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      userId: row.user_id,
      oldEmail: row.old_email,
      expiresAt: row.expires_at,
      usedAt: row.used_at,
      createdAt: row.created_at,
    }
  );
}

export async function markUndoLinkUsed(db: Db, id: string, at: Date): Promise<void> {
  await db.updateTable('email_change_undo').set({ used_at: at }).where('id', '=', id).execute();
}

/** The links of the changes made after this one: they are undone with it, so their links must not redo them. */
export async function deleteLaterUndoLinks(db: Db, userId: string, after: Date): Promise<void> {
  await db.deleteFrom('email_change_undo').where('user_id', '=', userId).where('created_at', '>', after).execute();
}

/**
 * Whether a live undo link of another account holds this address: taking it (by registering or by an
 * e-mail change) would leave the owner's undo link with nowhere to go back to.
 */
export async function isAddressHeldForUndo(db: Db, email: string, now: Date, exceptUserId?: string): Promise<boolean> {
  let query = db
    .selectFrom('email_change_undo')
    .select('id')
    .where('old_email_normalized', '=', normalizeEmail(email))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now);
  if (exceptUserId) query = query.where('user_id', '<>', exceptUserId);
  return (await query.executeTakeFirst()) !== undefined;
}
