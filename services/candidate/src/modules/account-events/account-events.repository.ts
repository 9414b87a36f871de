import type { Db } from '../../db';

/** The CV files of a user's candidate, found by the identity user id. */
export async function cvStorageKeysOfUser(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('cvs')
    .innerJoin('candidates', 'candidates.id', 'cvs.candidate_id')
    .select('cvs.storage_key')
    .where('candidates.user_id', '=', userId)
    .execute();
  return rows.map((r) => r.storage_key);
}

/** Answers whether a candidate row was there; CVs, applications, history and drops cascade with it. */
export async function deleteCandidateOfUser(db: Db, userId: string): Promise<boolean> {
  const rows = await db.deleteFrom('candidates').where('user_id', '=', userId).returning('id').execute();
  return rows.length > 0;
}

/** A deleted employer's jobs stop taking applications; the business and past applications stay (decision 0024). */
export async function closeJobsOfOwner(db: Db, userId: string): Promise<number> {
  const rows = await db
    .updateTable('jobs')
    .set({ is_live: false })
    .where('business_id', 'in', db.selectFrom('businesses').select('id').where('owner_user_id', '=', userId))
    .where('is_live', '=', true)
    .returning('id')
    .execute();
  return rows.length;
}
