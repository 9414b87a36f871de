import type { Selectable } from 'kysely';
import type { CandidatesTable, Db } from '../../db';

export type CandidateRow = Selectable<CandidatesTable>;

export function findCandidateByUser(db: Db, userId: string): Promise<CandidateRow | undefined> {
  return db.selectFrom('candidates').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Null when the user already has a candidate (the unique user_id decides, even under a race). */
export async function insertCandidate(db: Db, row: Omit<CandidateRow, 'created_at' | 'updated_at' | 'status_emails'>): Promise<CandidateRow | null> {
  const inserted = await db
    .insertInto('candidates')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doNothing())
    .returningAll()
    .executeTakeFirst();
  return inserted ?? null;
}

export function updateCandidate(
  db: Db,
  id: string,
  userId: string,
  changes: Pick<CandidateRow, 'name' | 'email' | 'phone_number' | 'postcode'>,
): Promise<CandidateRow | undefined> {
  return db
    .updateTable('candidates')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteCandidate(db: Db, id: string): Promise<void> {
  await db.deleteFrom('candidates').where('id', '=', id).execute();
}

export function updateCandidateEmail(db: Db, id: string, email: string): Promise<CandidateRow | undefined> {
  return db.updateTable('candidates').set({ email, updated_at: new Date() }).where('id', '=', id).returningAll().executeTakeFirst();
}
