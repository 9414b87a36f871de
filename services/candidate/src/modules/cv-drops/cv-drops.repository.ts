import type { Insertable } from 'kysely';
import type { CvDropsTable, Db } from '../../db';
import type { WindowUse } from '../quotas/quotas';

export async function insertCvDrop(db: Db, row: Insertable<CvDropsTable>): Promise<void> {
  await db.insertInto('cv_drops').values(row).execute();
}

export async function countCandidateCvDrops(db: Db, candidateId: string): Promise<number> {
  const row = await db
    .selectFrom('cv_drops')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('candidate_id', '=', candidateId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Drops this candidate made since a moment (the daily quota). */
export async function candidateCvDropsSince(db: Db, candidateId: string, since: Date): Promise<WindowUse> {
  const row = await db
    .selectFrom('cv_drops')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('dropped_at').as('oldest')])
    .where('candidate_id', '=', candidateId)
    .where('dropped_at', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), oldest: row.oldest ? new Date(row.oldest) : null };
}

function candidateCvDropsQuery(db: Db, candidateId: string) {
  return db
    .selectFrom('cv_drops as d')
    .innerJoin('businesses as b', 'b.id', 'd.business_id')
    .select([
      'd.id',
      'd.cv_id',
      'd.cv_file_name',
      'd.dropped_at',
      'b.id as b_id',
      'b.name as b_name',
      'b.city as b_city',
      'b.phone as b_phone',
    ])
    .where('d.candidate_id', '=', candidateId)
    .orderBy('d.dropped_at', 'desc')
    .orderBy('d.id');
}

export function listCandidateCvDrops(db: Db, candidateId: string, page: { offset: number; limit: number }) {
  return candidateCvDropsQuery(db, candidateId).offset(page.offset).limit(page.limit).execute();
}

/** The ids of every CV drop of the candidate, newest first (the export reads the rest a slice at a time). */
export async function candidateCvDropIds(db: Db, candidateId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('cv_drops')
    .select('id')
    .where('candidate_id', '=', candidateId)
    .orderBy('dropped_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** These CV drops of the candidate (others' ids are ignored), newest first. */
export function candidateCvDropsByIds(db: Db, candidateId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return candidateCvDropsQuery(db, candidateId).where('d.id', 'in', ids).execute();
}
export type CandidateCvDropRow = Awaited<ReturnType<typeof listCandidateCvDrops>>[number];

export function listBusinessCvDrops(db: Db, businessId: string, page: { offset: number; limit: number }) {
  return db
    .selectFrom('cv_drops as d')
    .innerJoin('candidates as c', 'c.id', 'd.candidate_id')
    .select(['d.id', 'd.cv_id', 'd.dropped_at', 'c.id as c_id', 'c.name as c_name', 'c.email as c_email'])
    .where('d.business_id', '=', businessId)
    .orderBy('d.dropped_at', 'desc')
    .orderBy('d.id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}
export type BusinessCvDropRow = Awaited<ReturnType<typeof listBusinessCvDrops>>[number];
