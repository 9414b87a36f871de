import { randomUUID } from 'node:crypto';
import type { CvOpening } from '@careers/contracts/employer';
import type { Db } from '../../db';
import type { Member } from '../team/team.service';

/**
 * Who opened a CV (docs/decisions/0390): every preview or download of a CV by a member of a business it
 * was sent to. A PDF viewer asks for a file in ranges and people click twice, so one member's openings
 * of one CV in one way count once within OPENING_WINDOW_MS.
 */
export const OPENING_WINDOW_MS = 10 * 60_000;
/** The employer's log shows the latest openings of a CV, at most this many. */
export const OPENINGS_SHOWN = 50;

export async function recordCvOpening(
  db: Db,
  member: Member,
  cvId: string,
  action: CvOpening['action'],
  now: Date = new Date(),
): Promise<void> {
  const recent = await db
    .selectFrom('cv_openings')
    .select('id')
    .where('user_id', '=', member.userId)
    .where('cv_id', '=', cvId)
    .where('action', '=', action)
    .where('business_id', '=', member.business.id)
    .where('opened_at', '>', new Date(now.getTime() - OPENING_WINDOW_MS))
    .limit(1)
    .executeTakeFirst();
  if (recent) return;
  await db
    .insertInto('cv_openings')
    .values({
      id: randomUUID(),
      cv_id: cvId,
      business_id: member.business.id,
      user_id: member.userId,
      opened_by_name: member.displayName,
      action,
      opened_at: now,
    })
    .execute();
}

/** The business's log for one CV, newest first, with the names of who opened it. */
export async function openingsOfCv(db: Db, businessId: string, cvId: string): Promise<CvOpening[]> {
  const rows = await db
    .selectFrom('cv_openings')
    .select(['opened_by_name', 'action', 'opened_at'])
    .where('business_id', '=', businessId)
    .where('cv_id', '=', cvId)
    .orderBy('opened_at', 'desc')
    .limit(OPENINGS_SHOWN)
    .execute();
  return rows.map((r) => ({ openedBy: r.opened_by_name, action: r.action, openedOn: r.opened_at.toISOString() }));
}

/** For each (business, CV) pair, when the business last opened the CV: what the candidate is shown (no names). */
export async function lastOpenedBy(db: Db, pairs: { businessId: string; cvId: string }[]): Promise<Map<string, Date>> {
  const last = new Map<string, Date>();
  if (pairs.length === 0) return last;
  const rows = await db
    .selectFrom('cv_openings')
    .select(['business_id', 'cv_id'])
    .select((eb) => eb.fn.max('opened_at').as('last_at'))
    .where(
      'cv_id',
      'in',
      pairs.map((p) => p.cvId),
    )
    .where(
      'business_id',
      'in',
      pairs.map((p) => p.businessId),
    )
    .groupBy(['business_id', 'cv_id'])
    .execute();
  for (const row of rows) last.set(openingKey(row.business_id, row.cv_id), new Date(row.last_at));
  return last;
}

export const openingKey = (businessId: string, cvId: string) => `${businessId}/${cvId}`;
