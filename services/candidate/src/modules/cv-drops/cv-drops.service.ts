import { randomUUID } from 'node:crypto';
import type { CreateCvDrop, CvDrop, CvDropPage } from '@careers/contracts/candidate';
import type { employerCvDropSchema } from '@careers/contracts/employer';
import type { z } from 'zod';
import { HttpProblem } from '@careers/server-kit/problem';
import type { Db } from '../../db';
import type { AuthUser } from '@careers/server-kit/bearer-auth';
import { findBusiness } from '../business/business.service';
import type { Member } from '../team/team.service';
import { lockCandidate, requireCandidate } from '../candidates/candidates.service';
import { requireCandidateCv } from '../cvs/cvs.service';
import { QUOTAS, enforceWindowQuota } from '../quotas/quotas';
import {
  candidateCvDropIds,
  candidateCvDropsByIds,
  candidateCvDropsSince,
  countCandidateCvDrops,
  insertCvDrop,
  listBusinessCvDrops,
  listCandidateCvDrops,
  type BusinessCvDropRow,
  type CandidateCvDropRow,
} from './cv-drops.repository';

type EmployerCvDrop = z.infer<typeof employerCvDropSchema>;

/** The ids of every CV drop of the candidate, newest first (the data export reads them a slice at a time). */
export { candidateCvDropIds };

/** These CV drops of the candidate (a slice of candidateCvDropIds). */
export async function candidateCvDropsSlice(db: Db, candidateId: string, ids: string[]): Promise<CvDrop[]> {
  return (await candidateCvDropsByIds(db, candidateId, ids)).map(toCvDrop);
}

export function toCvDrop(row: CandidateCvDropRow): CvDrop {
  return {
    id: row.id,
    business: { id: row.b_id, name: row.b_name, city: row.b_city, phone: row.b_phone },
    appliedWithCvId: row.cv_id,
    appliedWithCvFileName: row.cv_file_name,
    appliedOn: row.dropped_at.toISOString(),
  };
}

export function toEmployerCvDrop(row: BusinessCvDropRow): EmployerCvDrop {
  return {
    id: row.id,
    candidate: { id: row.c_id, name: row.c_name, email: row.c_email },
    cvId: row.cv_id,
    droppedOn: row.dropped_at.toISOString(),
  };
}

/** The caller's CV drops, newest first, a page at a time. */
export async function listCvDrops(
  db: Db,
  user: AuthUser,
  query: { page: number; pageSize: number },
): Promise<CvDropPage> {
  const candidate = await requireCandidate(db, user);
  const { page, pageSize } = query;
  const [total, rows] = await Promise.all([
    countCandidateCvDrops(db, candidate.id),
    listCandidateCvDrops(db, candidate.id, { offset: (page - 1) * pageSize, limit: pageSize }),
  ]);
  return { page, pageSize, totalApplications: total, cvDrops: rows.map(toCvDrop) };
}

/** Sends one of the caller's CVs to a business; at most QUOTAS.cvDrops in its window (429 past that). */
export async function dropCv(db: Db, user: AuthUser, body: CreateCvDrop): Promise<CvDrop> {
  const candidate = await requireCandidate(db, user);
  // Counted and kept with the candidate's row locked: parallel drops queue, and only those that fit are kept.
  const { business, row } = await db.transaction().execute(async (trx) => {
    await lockCandidate(trx, candidate.id);
    const now = Date.now();
    enforceWindowQuota(
      QUOTAS.cvDrops,
      await candidateCvDropsSince(trx, candidate.id, new Date(now - QUOTAS.cvDrops.windowMs)),
      now,
    );
    const found = await findBusiness(trx, body.businessId);
    if (!found) throw new HttpProblem(404, 'The business was not found.');
    const cv = await requireCandidateCv(trx, candidate.id, body.cvId);
    const drop = {
      id: randomUUID(),
      candidate_id: candidate.id,
      business_id: found.id,
      cv_id: cv.id,
      cv_file_name: cv.file_name,
      dropped_at: new Date(now),
    };
    await insertCvDrop(trx, drop);
    return { business: found, row: drop };
  });
  return toCvDrop({
    id: row.id,
    cv_id: row.cv_id,
    cv_file_name: row.cv_file_name,
    dropped_at: row.dropped_at,
    b_id: business.id,
    b_name: business.name,
    b_city: business.city,
    b_phone: business.phone,
  });
}

/** CVs dropped with the employer's business, newest first. */
export async function listCvDropsOfBusiness(
  db: Db,
  member: Member,
  query: { page: number; pageSize: number },
): Promise<EmployerCvDrop[]> {
  const { business } = member;
  const { page, pageSize } = query;
  return (await listBusinessCvDrops(db, business.id, { offset: (page - 1) * pageSize, limit: pageSize })).map(
    toEmployerCvDrop,
  );
}
