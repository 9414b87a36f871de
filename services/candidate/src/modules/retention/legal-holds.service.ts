import { sql } from 'kysely';
import type { HeldCvCopy } from '@careers/contracts/candidate';
import type { Db } from '../../db';
import { cancelInterviewsBeforeDeletion } from '../interviews/interviews.service';
import { deleteApplications } from './retention.service';

/**
 * A business's legal hold outlasts the candidate's own deletions (docs/decisions/0494). Deleting a CV or the
 * account while a business holding it is under a hold takes it from the candidate at once, but the held
 * business keeps its copy (the CV row and file, its applications) until the hold ends; then the retention job
 * deletes it as the candidate's deletion would have (releaseEndedHolds).
 */

/** The businesses under a running hold that hold this CV, or anything of this candidate (application, CV drop). */
async function heldBusinesses(trx: Db, of: { cvId: string } | { candidateId: string }, now: Date): Promise<string[]> {
  const column = 'cvId' in of ? sql.raw('cv_id') : sql.raw('candidate_id');
  const id = 'cvId' in of ? of.cvId : of.candidateId;
  const rows = await sql<{ business_id: string }>`
    select j.business_id
    from job_applications a
    join jobs j on j.id = a.job_id
    join business_retention r on r.business_id = j.business_id
    where a.${column} = ${id} and r.legal_hold_until > ${now}
    union
    select d.business_id
    from cv_drops d
    join business_retention r on r.business_id = d.business_id
    where d.${column} = ${id} and r.legal_hold_until > ${now}
  `.execute(trx);
  return rows.rows.map((r) => r.business_id);
}

/**
 * The candidate deletes one of their CVs (in their transaction). With no hold on a business holding it: false,
 * the caller deletes it as ever. Otherwise it leaves the candidate's list now, every business not under a hold
 * loses it now (as the row's deletion would do: its applications and CV drops keep only the file name, its log
 * of openings goes), and the held businesses keep it; true.
 */
export async function keepCvForHolds(trx: Db, cvId: string, now: Date): Promise<boolean> {
  const held = await heldBusinesses(trx, { cvId }, now);
  if (held.length === 0) return false;
  const heldList = sql.join(held);
  await sql`
    update job_applications a set cv_id = null
    from jobs j
    where j.id = a.job_id and a.cv_id = ${cvId} and j.business_id not in (${heldList})
  `.execute(trx);
  await sql`update cv_drops set cv_id = null where cv_id = ${cvId} and business_id not in (${heldList})`.execute(trx);
  await sql`delete from cv_openings where cv_id = ${cvId} and business_id not in (${heldList})`.execute(trx);
  // A preview link does not say which business asked for it; a held business asks again.
  await sql`delete from cv_preview_tokens where cv_id = ${cvId}`.execute(trx);
  await sql`update cvs set deleted_at = ${now} where id = ${cvId}`.execute(trx);
  return true;
}

/**
 * The account is deleted (in the caller's transaction). With no hold on a business holding anything of the
 * candidate: null, the caller deletes the candidate as ever. Otherwise everything goes now except what the held
 * businesses hold: their applications (with what hangs off them) and CV drops, the CVs those were sent with, and
 * the candidate's row that the applications show (name, address, phone, postcode). That row can never be signed
 * in to again (its user_id is replaced), gets no e-mail, and keeps no consent. Answers the storage keys of the
 * CVs deleted now, for the caller to remove once committed.
 */
export async function keepAccountForHolds(
  trx: Db,
  candidateId: string,
  now: Date,
): Promise<{ storageKeys: string[] } | null> {
  const held = await heldBusinesses(trx, { candidateId }, now);
  if (held.length === 0) return null;
  const heldList = sql.join(held);
  const gone = await sql<{ id: string }>`
    select a.id from job_applications a join jobs j on j.id = a.job_id
    where a.candidate_id = ${candidateId} and j.business_id not in (${heldList})
  `.execute(trx);
  const goneIds = gone.rows.map((r) => r.id);
  if (goneIds.length > 0) {
    // A booked interview still to come leaves the interviewer's calendar (docs/decisions/0436).
    await cancelInterviewsBeforeDeletion(trx, { applicationIds: goneIds }, now);
    await trx.deleteFrom('job_applications').where('id', 'in', goneIds).execute();
  }
  await sql`delete from cv_drops where candidate_id = ${candidateId} and business_id not in (${heldList})`.execute(trx);
  const cvs = await sql<{ storage_key: string }>`
    delete from cvs v
    where v.candidate_id = ${candidateId}
      and not exists (select 1 from job_applications a where a.cv_id = v.id)
      and not exists (select 1 from cv_drops d where d.cv_id = v.id)
    returning v.storage_key
  `.execute(trx);
  await sql`update cvs set deleted_at = ${now} where candidate_id = ${candidateId} and deleted_at is null`.execute(trx);
  await sql`delete from data_exports where candidate_id = ${candidateId}`.execute(trx);
  await sql`delete from status_mail_outbox where candidate_id = ${candidateId}`.execute(trx);
  await sql`delete from deletion_receipts where candidate_id = ${candidateId}`.execute(trx);
  await sql`
    update application_retention set kept_for_roles_until = null
    where application_id in (select id from job_applications where candidate_id = ${candidateId})
  `.execute(trx);
  // Nothing reaches the deleted account: status e-mails and message notices read the switch, and every
  // candidate outbox (interview e-mails too) holds what it has for an address that is not proved
  // (docs/decisions/0532) until its age limit drops it; no notice can prove it again, the account is gone.
  await sql`
    update candidates
    set user_id = 'deleted:' || id, status_emails = false, email_verified = false, account_deleted_at = ${now},
      updated_at = ${now}
    where id = ${candidateId}
  `.execute(trx);
  return { storageKeys: cvs.rows.map((r) => r.storage_key) };
}

/** At most this many applications of deleted accounts per transaction of the job. */
const RELEASE_BATCH = 100;

/**
 * What a hold kept goes once it ends (the date passed, or the owner lifted it): the applications and CV drops of
 * deleted accounts at businesses no longer under a hold (recorded as the candidate's deletion, no receipt), the
 * deleted CVs no business under a hold holds any more (their rows; the caller removes the files), and the rows
 * of deleted accounts with nothing left. One batch in one transaction; `more` when a full batch went.
 */
export async function releaseEndedHolds(db: Db, now: Date): Promise<{ storageKeys: string[]; more: boolean }> {
  return db.transaction().execute(async (trx) => {
    const due = await sql<{ id: string }>`
      select a.id
      from job_applications a
      join candidates c on c.id = a.candidate_id
      join jobs j on j.id = a.job_id
      left join business_retention r on r.business_id = j.business_id
      where c.account_deleted_at is not null
        and (r.legal_hold_until is null or r.legal_hold_until <= ${now})
      limit ${RELEASE_BATCH}
      for update of a skip locked
    `.execute(trx);
    const ids = due.rows.map((r) => r.id);
    await deleteApplications(trx, ids, 'candidate', now);
    await sql`
      delete from cv_drops d
      using candidates c
      where c.id = d.candidate_id and c.account_deleted_at is not null
        and not exists (select 1 from business_retention r
                        where r.business_id = d.business_id and r.legal_hold_until > ${now})
    `.execute(trx);
    const cvs = await sql<{ storage_key: string }>`
      delete from cvs v
      where v.deleted_at is not null
        and not exists (select 1 from job_applications a
                        join jobs j on j.id = a.job_id
                        join business_retention r on r.business_id = j.business_id
                        where a.cv_id = v.id and r.legal_hold_until > ${now})
        and not exists (select 1 from cv_drops d
                        join business_retention r on r.business_id = d.business_id
                        where d.cv_id = v.id and r.legal_hold_until > ${now})
      returning v.storage_key
    `.execute(trx);
    await sql`
      delete from candidates c
      where c.account_deleted_at is not null
        and not exists (select 1 from job_applications a where a.candidate_id = c.id)
        and not exists (select 1 from cv_drops d where d.candidate_id = c.id)
        and not exists (select 1 from cvs v where v.candidate_id = c.id)
    `.execute(trx);
    return { storageKeys: cvs.rows.map((r) => r.storage_key), more: ids.length === RELEASE_BATCH };
  });
}

/**
 * GET /cvs: the CVs the candidate deleted that a business keeps under its legal hold, once per CV and business,
 * with the hold's end (null once lifted: the copy goes at the job's next pass).
 */
export async function heldCopiesOfCandidate(db: Db, candidateId: string): Promise<HeldCvCopy[]> {
  const rows = await sql<{
    cv_id: string;
    file_name: string;
    business_id: string;
    business_name: string;
    legal_hold_until: Date | string | null;
  }>`
    select distinct v.id as cv_id, v.file_name, b.id as business_id, b.name as business_name, r.legal_hold_until
    from cvs v
    join (select a.cv_id, j.business_id from job_applications a join jobs j on j.id = a.job_id
          where a.candidate_id = ${candidateId}
          union
          select d.cv_id, d.business_id from cv_drops d where d.candidate_id = ${candidateId}) h on h.cv_id = v.id
    join businesses b on b.id = h.business_id
    left join business_retention r on r.business_id = b.id
    where v.candidate_id = ${candidateId} and v.deleted_at is not null
    order by r.legal_hold_until, b.name
  `.execute(db);
  return rows.rows.map((r) => ({
    cvId: r.cv_id,
    fileName: r.file_name,
    businessId: r.business_id,
    businessName: r.business_name,
    legalHoldUntil: r.legal_hold_until === null ? null : new Date(r.legal_hold_until).toISOString(),
  }));
}
