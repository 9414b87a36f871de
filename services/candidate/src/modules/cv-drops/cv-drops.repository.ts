import type { Insertable } from 'kysely';
import type { CvDropsTable } from '../../db';
import type { Db } from '../candidates/candidates.repository';
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

export function listCandidateCvDrops(db: Db, candidateId: string, page: { offset: number; limit: number }) {
  return db
    .selectFrom('cv_drops as d')
    .innerJoin('businesses as b', 'b.id', 'd.business_id')
    .select(['d.id', 'd.cv_id', 'd.cv_file_name', 'd.dropped_at', 'b.id as b_id', 'b.name as b_name', 'b.city as b_city', 'b.phone as b_phone'])
    .where('d.candidate_id', '=', candidateId)
    .orderBy('d.dropped_at', 'desc')
    .orderBy('d.id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
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
