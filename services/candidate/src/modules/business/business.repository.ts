import type { Insertable, Selectable, Updateable } from 'kysely';
import type { BusinessesTable, Db } from '../../db';

export type BusinessRow = Selectable<BusinessesTable>;

export function findBusiness(db: Db, id: string): Promise<BusinessRow | undefined> {
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

/** The changed business, or nothing when it is gone. */
export function updateBusiness(
  db: Db,
  businessId: string,
  changes: Updateable<BusinessesTable>,
): Promise<BusinessRow | undefined> {
  return db.updateTable('businesses').set(changes).where('id', '=', businessId).returningAll().executeTakeFirst();
}
