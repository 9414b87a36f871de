import type { Insertable, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { ContactMessagesTable, Db } from '../../db';
import type { WindowUse } from '../quotas/quotas';

export type ContactRow = Selectable<ContactMessagesTable>;

export async function insertContactMessage(db: Db, row: Insertable<ContactMessagesTable>): Promise<void> {
  await db.insertInto('contact_messages').values(row).execute();
}

/** Messages this user sent since a moment (the hourly quota). */
export async function contactMessagesSince(db: Db, userId: string, since: Date): Promise<WindowUse> {
  const row = await db
    .selectFrom('contact_messages')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest')])
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), oldest: row.oldest ? new Date(row.oldest) : null };
}

export function findUnforwarded(db: Db, id: string): Promise<ContactRow | undefined> {
  return db
    .selectFrom('contact_messages')
    .selectAll()
    .where('id', '=', id)
    .where('forwarded_at', 'is', null)
    .executeTakeFirst();
}

export async function markForwarded(db: Db, id: string): Promise<void> {
  await db.updateTable('contact_messages').set({ forwarded_at: new Date() }).where('id', '=', id).execute();
}

export async function countAttempt(db: Db, id: string): Promise<void> {
  await db
    .updateTable('contact_messages')
    .set({ forward_attempts: sql`forward_attempts + 1` })
    .where('id', '=', id)
    .execute();
}

/** Messages whose forwarding job may have been lost (a crash between commit and enqueue). */
export async function staleUnforwardedIds(db: Db, olderThan: Date, maxAttempts: number): Promise<string[]> {
  const rows = await db
    .selectFrom('contact_messages')
    .select('id')
    .where('forwarded_at', 'is', null)
    .where('created_at', '<', olderThan)
    .where('forward_attempts', '<', maxAttempts)
    .limit(500)
    .execute();
  return rows.map((r) => r.id);
}

export async function deleteContactMessagesOfUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('contact_messages').where('user_id', '=', userId).execute();
}
