import { sql, type Insertable, type Selectable, type SqlBool } from 'kysely';
import type { CvsTable, Db } from '../../db';

export type CvRow = Selectable<CvsTable>;
const listColumns = [
  'id',
  'candidate_id',
  'file_name',
  'content_type',
  'file_type',
  'storage_key',
  'size_bytes',
  'parse_status',
  'created_at',
] as const;
export type CvListRow = Pick<CvRow, (typeof listColumns)[number]>;

/**
 * Not deleted by the candidate. A deleted CV keeps its row only while a business holding it is under a legal
 * hold (migration 0026, docs/decisions/0494): it is that business's, no longer in the candidate's list.
 */
const kept = sql<SqlBool>`cvs.deleted_at is null`;

/** false when the candidate already keeps a CV with the same bytes (content_sha256): nothing is inserted. */
export async function insertCv(db: Db, row: Insertable<CvsTable>): Promise<boolean> {
  const inserted = await db
    .insertInto('cvs')
    .values(row)
    .onConflict((oc) => oc.columns(['candidate_id', 'content_sha256']).where(kept).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The candidate's CV with these exact bytes, if any. */
export function findCvByContent(db: Db, candidateId: string, sha256: string): Promise<CvListRow | undefined> {
  return db
    .selectFrom('cvs')
    .select(listColumns)
    .where('candidate_id', '=', candidateId)
    .where('content_sha256', '=', sha256)
    .where(kept)
    .executeTakeFirst();
}

/** Newest first; the extracted text stays in the database (it can be large). */
export function listCvs(
  db: Db,
  candidateId: string,
  page: { offset: number; limit: number },
): Promise<(CvListRow & { last_used_at: Date | null })[]> {
  return (
    db
      .selectFrom('cvs')
      .select(listColumns)
      // The real last use: the newest application sent with this CV (the candidate's own, by the index on candidate_id).
      .select((eb) =>
        eb
          .selectFrom('job_applications as a')
          .select((sub) => sub.fn.max('a.applied_at').as('m'))
          .whereRef('a.cv_id', '=', 'cvs.id')
          .where('a.candidate_id', '=', candidateId)
          .as('last_used_at'),
      )
      .where('candidate_id', '=', candidateId)
      .where(kept)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .offset(page.offset)
      .limit(page.limit)
      .execute()
  );
}

/** Every CV of the candidate, oldest first (the data export; a candidate keeps at most CV_MAX_COUNT). */
export function allCandidateCvs(db: Db, candidateId: string): Promise<CvListRow[]> {
  return db
    .selectFrom('cvs')
    .select(listColumns)
    .where('candidate_id', '=', candidateId)
    .where(kept)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function countCvs(db: Db, candidateId: string): Promise<number> {
  const row = await db
    .selectFrom('cvs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('candidate_id', '=', candidateId)
    .where(kept)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A CV of this candidate only: another candidate's id answers nothing. */
export function findCandidateCv(db: Db, candidateId: string, cvId: string): Promise<CvListRow | undefined> {
  return db
    .selectFrom('cvs')
    .select(listColumns)
    .where('id', '=', cvId)
    .where('candidate_id', '=', candidateId)
    .where(kept)
    .executeTakeFirst();
}

export function deleteCandidateCv(db: Db, candidateId: string, cvId: string): Promise<CvListRow | undefined> {
  return db
    .deleteFrom('cvs')
    .where('id', '=', cvId)
    .where('candidate_id', '=', candidateId)
    .where(kept)
    .returning(listColumns)
    .executeTakeFirst();
}

export async function cvStorageKeysOfCandidate(db: Db, candidateId: string): Promise<string[]> {
  const rows = await db.selectFrom('cvs').select('storage_key').where('candidate_id', '=', candidateId).execute();
  return rows.map((r) => r.storage_key);
}

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

/** Which of these storage keys a CV row holds (the orphan-file sweep). */
export async function heldStorageKeys(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.selectFrom('cvs').select('storage_key').where('storage_key', 'in', keys).execute();
  return new Set(rows.map((r) => r.storage_key));
}

/** Any candidate's CV: only for callers that checked access another way (parser, employer). */
export function findCvById(db: Db, cvId: string): Promise<CvListRow | undefined> {
  return db.selectFrom('cvs').select(listColumns).where('id', '=', cvId).executeTakeFirst();
}

export async function setParseResult(
  db: Db,
  cvId: string,
  result: { status: 'Parsed' | 'Failed' | 'Unsupported'; text: string | null; error: string | null },
): Promise<void> {
  await db
    .updateTable('cvs')
    .set({ parse_status: result.status, parsed_text: result.text, parse_error: result.error, parsed_at: new Date() })
    .where('id', '=', cvId)
    .execute();
}

/** Counts one more extraction attempt of a Pending CV; answers the new count, or null when it is not Pending. */
export async function countParseAttempt(db: Db, cvId: string): Promise<number | null> {
  const row = await db
    .updateTable('cvs')
    .set((eb) => ({ parse_attempts: eb('parse_attempts', '+', 1) }))
    .where('id', '=', cvId)
    .where('parse_status', '=', 'Pending')
    .returning('parse_attempts')
    .executeTakeFirst();
  return row?.parse_attempts ?? null;
}

/** CVs whose parse job may have been lost (a crash between commit and enqueue). */
export async function stalePendingCvIds(db: Db, olderThan: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('cvs')
    .select('id')
    .where('parse_status', '=', 'Pending')
    .where('created_at', '<', olderThan)
    .limit(500)
    .execute();
  return rows.map((r) => r.id);
}

export async function insertPreviewToken(
  db: Db,
  row: { token_hash: string; cv_id: string; expires_at: Date },
): Promise<void> {
  await db.insertInto('cv_preview_tokens').values(row).execute();
  // Expired tokens are useless; sweeping them here keeps the table small without a job.
  await db.deleteFrom('cv_preview_tokens').where('expires_at', '<', new Date()).execute();
}

export function findCvByPreviewToken(db: Db, tokenHash: string, cvId: string): Promise<CvListRow | undefined> {
  return db
    .selectFrom('cv_preview_tokens as t')
    .innerJoin('cvs', 'cvs.id', 't.cv_id')
    .select(listColumns.map((c) => `cvs.${c}` as const))
    .where('t.token_hash', '=', tokenHash)
    .where('t.cv_id', '=', cvId)
    .where('t.expires_at', '>', new Date())
    .executeTakeFirst();
}
