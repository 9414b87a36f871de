import { randomUUID } from 'node:crypto';
import type { Db } from '../../db';
import { enforceWindowQuota, type WindowQuota } from '../quotas/quotas';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Counts one export against the candidate's hourly quota (429 past it), inside a transaction that has
 * locked the candidate's row (lockCandidate of the candidates module), so two exports started at once
 * cannot both slip under the limit. Rows older than a day go at the same time: the table holds no more
 * than a day of exports per candidate.
 */
export async function recordDataExport(
  trx: Db,
  candidateId: string,
  quota: WindowQuota,
  now = new Date(),
): Promise<void> {
  await trx
    .deleteFrom('data_exports')
    .where('candidate_id', '=', candidateId)
    .where('exported_at', '<', new Date(now.getTime() - Math.max(DAY_MS, quota.windowMs)))
    .execute();
  const row = await trx
    .selectFrom('data_exports')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('exported_at').as('oldest')])
    .where('candidate_id', '=', candidateId)
    .where('exported_at', '>', new Date(now.getTime() - quota.windowMs))
    .executeTakeFirstOrThrow();
  enforceWindowQuota(quota, { count: Number(row.n), oldest: row.oldest ? new Date(row.oldest) : null }, now.getTime());
  await trx
    .insertInto('data_exports')
    .values({ id: randomUUID(), candidate_id: candidateId, exported_at: now })
    .execute();
}
