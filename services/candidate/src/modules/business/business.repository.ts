import type { Insertable, Selectable, Updateable } from 'kysely';
import type { BusinessesTable, Db } from '../../db';

export type BusinessRow = Selectable<BusinessesTable>;

export function findBusinessByOwner(db: Db, userId: string): Promise<BusinessRow | undefined> {
  return db.selectFrom('businesses').selectAll().where('owner_user_id', '=', userId).executeTakeFirst();
}

export function findBusinessById(db: Db, id: string): Promise<BusinessRow | undefined> {
  return db.selectFrom('businesses').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Null when the user already has a business (one per business user; the unique owner decides). */
export async function insertBusiness(db: Db, row: Insertable<BusinessesTable>): Promise<BusinessRow | null> {
  const inserted = await db
    .insertInto('businesses')
    .values(row)
    .onConflict((oc) => oc.column('owner_user_id').doNothing())
    .returningAll()
    .executeTakeFirst();
  return inserted ?? null;
}

/** The changed business of this owner, or nothing when they have none. */
export function updateBusinessOfOwner(
  db: Db,
  userId: string,
  changes: Updateable<BusinessesTable>,
): Promise<BusinessRow | undefined> {
  return db
    .updateTable('businesses')
    .set(changes)
    .where('owner_user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}
