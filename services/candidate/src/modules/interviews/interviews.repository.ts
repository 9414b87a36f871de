import { sql, type Kysely, type Selectable } from 'kysely';
import { leaseDueRows, markOutboxFailed, markOutboxSent } from '@careers/server-kit/outbox';
import type { CandidateDatabase, Db } from '../../db';
import type {
  GoneInterview,
  InterviewAvailabilityTable,
  InterviewMailOutboxTable,
  InterviewsTable,
} from './interviews.tables';

export type AvailabilityRow = Selectable<InterviewAvailabilityTable>;
export type InterviewRow = Selectable<InterviewsTable>;
export type InterviewMailKind = InterviewMailOutboxTable['kind'];
export type Recipient = InterviewMailOutboxTable['recipient'];

export function findAvailability(db: Db, businessId: string, userId: string, forUpdate = false) {
  let query = db
    .selectFrom('interview_availability')
    .selectAll()
    .where('business_id', '=', businessId)
    .where('user_id', '=', userId);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function upsertAvailability(db: Db, row: AvailabilityRow): Promise<void> {
  const values = {
    ...row,
    weekly: JSON.stringify(row.weekly),
    exceptions: JSON.stringify(row.exceptions),
    dates_off: JSON.stringify(row.dates_off),
  };
  await db
    .insertInto('interview_availability')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['business_id', 'user_id']).doUpdateSet({
        time_zone: values.time_zone,
        slot_minutes: values.slot_minutes,
        buffer_minutes: values.buffer_minutes,
        weekly: values.weekly,
        exceptions: values.exceptions,
        dates_off: values.dates_off,
        location_kind: values.location_kind,
        location: values.location,
        updated_at: values.updated_at,
      }),
    )
    .execute();
}

/** The application an employer acts on: it must be to a job of the business. */
export function findApplicationOfBusiness(db: Db, businessId: string, applicationId: string, forUpdate = false) {
  let query = db
    .selectFrom('job_applications as a')
    .innerJoin('jobs as j', 'j.id', 'a.job_id')
    .select(['a.id', 'a.candidate_id', 'a.job_id', 'a.withdrawn_at'])
    .where('a.id', '=', applicationId)
    .where('j.business_id', '=', businessId);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The candidate's own application, with the business it went to. */
export function findApplicationOfCandidate(db: Db, candidateId: string, applicationId: string) {
  return db
    .selectFrom('job_applications as a')
    .innerJoin('jobs as j', 'j.id', 'a.job_id')
    .select(['a.id', 'a.candidate_id', 'a.withdrawn_at', 'j.business_id'])
    .where('a.id', '=', applicationId)
    .where('a.candidate_id', '=', candidateId)
    .executeTakeFirst();
}

export function findBusinessMember(db: Db, businessId: string, userId: string) {
  return db
    .selectFrom('business_members')
    .select(['user_id', 'email', 'name'])
    .where('business_id', '=', businessId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The open (invited or booked) interview of an application, or else its latest one. */
export function currentInterview(db: Db, applicationId: string, forUpdate = false) {
  let query = db
    .selectFrom('interviews')
    .selectAll()
    .where('application_id', '=', applicationId)
    .orderBy(sql`case when status = 'cancelled' then 1 else 0 end`)
    .orderBy('created_at', 'desc')
    .limit(1);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The open interviews of one job's applications (at most one per application). */
export function openInterviewsOfJob(db: Db, jobId: string) {
  return db
    .selectFrom('interviews as i')
    .innerJoin('job_applications as a', 'a.id', 'i.application_id')
    .select(['i.application_id', 'i.status', 'i.starts_at', 'i.time_zone'])
    .where('a.job_id', '=', jobId)
    .where('i.status', 'in', ['invited', 'booked'])
    .execute();
}

export async function insertInterview(db: Db, row: InterviewRow): Promise<void> {
  await db.insertInto('interviews').values(row).execute();
}

export async function updateInterview(
  db: Db,
  id: string,
  changes: Partial<Omit<InterviewRow, 'id' | 'application_id'>>,
): Promise<void> {
  await db.updateTable('interviews').set(changes).where('id', '=', id).execute();
}

/** The interviewer's booked interviews that end after `from` (their busy times), but one. */
export async function bookedTimesOf(db: Db, interviewerUserId: string, from: Date, except?: string) {
  let query = db
    .selectFrom('interviews')
    .select(['starts_at', 'ends_at'])
    .where('interviewer_user_id', '=', interviewerUserId)
    .where('status', '=', 'booked')
    .where('ends_at', '>', from);
  if (except) query = query.where('id', '!=', except);
  const rows = await query.execute();
  return rows.map((r) => ({ start: r.starts_at!.getTime(), end: r.ends_at!.getTime() }));
}

/** Queues one e-mail per recipient, with the time and SEQUENCE of this moment. */
export async function queueInterviewMail(
  db: Db,
  interview: Pick<InterviewRow, 'id' | 'starts_at' | 'ends_at' | 'sequence'>,
  kind: InterviewMailKind,
  recipients: Recipient[],
  now: Date,
): Promise<void> {
  if (recipients.length === 0) return;
  await db
    .insertInto('interview_mail_outbox')
    .values(
      recipients.map((recipient) => ({
        interview_id: interview.id,
        recipient,
        kind,
        starts_at: interview.starts_at,
        ends_at: interview.ends_at,
        sequence: interview.sequence,
        next_attempt_at: now,
        created_at: now,
      })),
    )
    .execute();
}

/**
 * The booked interviews whose reminder is due (they start within `within` of now), taken once across
 * instances: SKIP LOCKED leaves a row another instance is taking, and the row is marked in the same
 * transaction that queues its two e-mails (docs/decisions/0433).
 */
export async function queueDueReminders(db: Kysely<CandidateDatabase>, now: Date, withinMs: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('interviews')
      .select(['id', 'starts_at', 'ends_at', 'sequence'])
      .where('status', '=', 'booked')
      .where('reminded_at', 'is', null)
      .where('starts_at', '>', now)
      .where('starts_at', '<=', new Date(now.getTime() + withinMs))
      .orderBy('starts_at')
      .limit(100)
      .forUpdate()
      .skipLocked()
      .execute();
    for (const interview of due) {
      await trx.updateTable('interviews').set({ reminded_at: now }).where('id', '=', interview.id).execute();
      await queueInterviewMail(trx, interview, 'reminder', ['candidate', 'interviewer'], now);
    }
    return due.length;
  });
}

/**
 * Before applications are deleted (docs/decisions/0436): their booked interviews still to come are cancelled
 * (SEQUENCE raised) and the interviewer's cancel e-mail is queued with what it says, as the interview row goes
 * with the application. `which` picks the applications by id, or every one of a candidate.
 */
export async function cancelBookedInterviewsBeforeDeletion(
  db: Db,
  which: { applicationIds: string[] } | { candidateId: string },
  now: Date,
): Promise<number> {
  if ('applicationIds' in which && which.applicationIds.length === 0) return 0;
  let query = db
    .selectFrom('interviews as i')
    .innerJoin('job_applications as a', 'a.id', 'i.application_id')
    .innerJoin('jobs as j', 'j.id', 'a.job_id')
    .innerJoin('businesses as b', 'b.id', 'i.business_id')
    .select([
      'i.id',
      'i.starts_at',
      'i.ends_at',
      'i.sequence',
      'i.interviewer_name',
      'i.interviewer_email',
      'i.location_kind',
      'i.location',
      'i.time_zone',
      'j.title',
      'b.name as business_name',
    ])
    .where('i.status', '=', 'booked')
    .where('i.ends_at', '>', now);
  query =
    'applicationIds' in which
      ? query.where('i.application_id', 'in', which.applicationIds)
      : query.where('i.candidate_id', '=', which.candidateId);
  const booked = await query.forUpdate('i').execute();
  for (const interview of booked) {
    const sequence = interview.sequence + 1;
    await updateInterview(db, interview.id, {
      status: 'cancelled',
      cancelled_by: 'candidate',
      sequence,
      updated_at: now,
    });
    const gone: GoneInterview = {
      interviewId: interview.id,
      interviewerName: interview.interviewer_name,
      interviewerEmail: interview.interviewer_email,
      jobTitle: interview.title,
      businessName: interview.business_name,
      locationKind: interview.location_kind,
      location: interview.location,
      timeZone: interview.time_zone,
    };
    await db
      .insertInto('interview_mail_outbox')
      .values({
        interview_id: interview.id,
        gone: JSON.stringify(gone),
        recipient: 'interviewer',
        kind: 'cancelled',
        starts_at: interview.starts_at,
        ends_at: interview.ends_at,
        sequence,
        next_attempt_at: now,
        created_at: now,
      })
      .execute();
  }
  return booked.length;
}

/** An e-mail with nothing left to say (its interview went with the application, and it is not a `gone` one). */
export async function dropInterviewMail(db: Db, id: number): Promise<void> {
  await db.deleteFrom('interview_mail_outbox').where('id', '=', id).execute();
}

export interface ClaimedInterviewMail {
  id: number;
  interview_id: string | null;
  gone: GoneInterview | null;
  recipient: Recipient;
  kind: InterviewMailKind;
  starts_at: Date | null;
  ends_at: Date | null;
  sequence: number;
  attempts: number;
}

export async function claimDueInterviewMail(db: Db, now: Date, leaseMs: number, limit: number) {
  const rows = await leaseDueRows<ClaimedInterviewMail>(db, {
    table: 'interview_mail_outbox',
    now,
    leaseMs,
    due: (query) => query.where('sent_at', 'is', null).where('next_attempt_at', '<=', now),
    returning: ['id', 'interview_id', 'gone', 'recipient', 'kind', 'starts_at', 'ends_at', 'sequence', 'attempts'],
    orderBy: 'id',
    limit,
  });
  return rows.map((r) => ({ ...r, id: Number(r.id) })).sort((a, b) => a.id - b.id);
}

/** What an interview e-mail says, read when it is sent: the names and addresses as they are now. */
export function interviewMailDetails(db: Db, interviewId: string) {
  return db
    .selectFrom('interviews as i')
    .innerJoin('candidates as c', 'c.id', 'i.candidate_id')
    .innerJoin('job_applications as a', 'a.id', 'i.application_id')
    .innerJoin('jobs as j', 'j.id', 'a.job_id')
    .innerJoin('businesses as b', 'b.id', 'i.business_id')
    .select([
      'i.id',
      'i.application_id',
      'i.interviewer_name',
      'i.interviewer_email',
      'i.location_kind',
      'i.location',
      'i.time_zone',
      'c.name as candidate_name',
      'c.email as candidate_email',
      'c.email_verified as candidate_email_verified',
      'c.time_zone as candidate_time_zone',
      'j.title',
      'b.name as business_name',
      'b.image_relative_directory',
    ])
    .where('i.id', '=', interviewId)
    .executeTakeFirst();
}

export function markInterviewMailSent(db: Db, id: number, now: Date): Promise<void> {
  return markOutboxSent(db, 'interview_mail_outbox', id, now);
}

export function markInterviewMailFailed(db: Db, id: number, retryAt: Date, error: string): Promise<void> {
  return markOutboxFailed(db, 'interview_mail_outbox', id, retryAt, error);
}

/** Sent rows go after `sentBefore`; unsent ones older than `unsentBefore` are news no longer. */
export async function dropOldInterviewMail(db: Db, now: Date, unsentBefore: Date, sentBefore: Date) {
  const expired = await db
    .deleteFrom('interview_mail_outbox')
    .where('sent_at', 'is', null)
    .where('created_at', '<', unsentBefore)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .executeTakeFirst();
  await db.deleteFrom('interview_mail_outbox').where('sent_at', '<', sentBefore).execute();
  return Number(expired.numDeletedRows);
}

/** A member's interviews for their feed: from `since` on, booked or cancelled after being booked. */
export function feedInterviewsOf(db: Db, businessId: string, userId: string, since: Date) {
  return db
    .selectFrom('interviews as i')
    .innerJoin('candidates as c', 'c.id', 'i.candidate_id')
    .innerJoin('job_applications as a', 'a.id', 'i.application_id')
    .innerJoin('jobs as j', 'j.id', 'a.job_id')
    .select([
      'i.id',
      'i.application_id',
      'i.status',
      'i.starts_at',
      'i.ends_at',
      'i.sequence',
      'i.updated_at',
      'i.location',
      'i.interviewer_name',
      'i.interviewer_email',
      'c.name as candidate_name',
      'c.email as candidate_email',
      'j.title',
    ])
    .where('i.business_id', '=', businessId)
    .where('i.interviewer_user_id', '=', userId)
    .where('i.starts_at', 'is not', null)
    .where('i.ends_at', '>=', since)
    .orderBy('i.starts_at')
    .limit(1000)
    .execute();
}
