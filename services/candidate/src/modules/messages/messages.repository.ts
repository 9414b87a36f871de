import { sql, type Insertable, type Selectable } from 'kysely';
import { leaseDueRows, markOutboxFailed, markOutboxSent } from '@careers/server-kit/outbox';
import type { ApplicationMessagesTable, Db } from '../../db';

export type MessageRow = Selectable<ApplicationMessagesTable>;

/** What a thread's rules need of its application: who applied, to which job of which business, withdrawn or not. */
export interface ThreadApplication {
  id: string;
  candidate_id: string;
  candidate_name: string;
  job_id: string;
  job_title: string;
  business_id: string;
  business_name: string;
  withdrawn_at: Date | null;
}

function threadApplications(db: Db) {
  return db
    .selectFrom('job_applications as a')
    .innerJoin('candidates as c', 'c.id', 'a.candidate_id')
    .innerJoin('jobs as j', 'j.id', 'a.job_id')
    .innerJoin('businesses as b', 'b.id', 'j.business_id')
    .select([
      'a.id',
      'a.candidate_id',
      'c.name as candidate_name',
      'a.job_id',
      'j.title as job_title',
      'b.id as business_id',
      'b.name as business_name',
      'a.withdrawn_at',
    ]);
}

/**
 * The application when it is the candidate's (or, with businessId, one of that business's), else nothing.
 * `lock`: the application row is locked until the transaction ends, so that one thread's writes (their
 * limits counted, their notice queued) happen one at a time.
 */
export async function findThreadApplication(
  db: Db,
  by: { candidateId: string } | { businessId: string },
  applicationId: string,
  lock = false,
): Promise<ThreadApplication | undefined> {
  let query = threadApplications(db).where('a.id', '=', applicationId);
  query =
    'candidateId' in by ? query.where('a.candidate_id', '=', by.candidateId) : query.where('b.id', '=', by.businessId);
  if (lock) query = query.forUpdate('a');
  return query.executeTakeFirst();
}

export function threadOf(db: Db, applicationId: string): Promise<MessageRow[]> {
  return db
    .selectFrom('application_messages')
    .selectAll()
    .where('application_id', '=', applicationId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function insertMessage(db: Db, row: Insertable<ApplicationMessagesTable>): Promise<void> {
  await db.insertInto('application_messages').values(row).execute();
}

/** Messages one side wrote in a thread since a time (the per-application limit), and the oldest of them. */
export async function sentSince(db: Db, applicationId: string, sender: 'employer' | 'candidate', since: Date) {
  const row = await db
    .selectFrom('application_messages')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest')])
    .where('application_id', '=', applicationId)
    .where('sender', '=', sender)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), oldest: row.oldest ? new Date(row.oldest as Date | string) : null };
}

/** Messages a business's team wrote since a time (the per-business limit), and the oldest of them. */
export async function businessSentSince(db: Db, businessId: string, since: Date) {
  const row = await db
    .selectFrom('application_messages as m')
    .innerJoin('job_applications as a', 'a.id', 'm.application_id')
    .innerJoin('jobs as j', 'j.id', 'a.job_id')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('m.created_at').as('oldest')])
    .where('j.business_id', '=', businessId)
    .where('m.sender', '=', 'employer')
    .where('m.created_at', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), oldest: row.oldest ? new Date(row.oldest as Date | string) : null };
}

/** Holds the business's message lock until the transaction ends: its hourly count and the insert are one step. */
export async function lockBusinessMessages(trx: Db, businessId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`messages:${businessId}`}, 0))`.execute(trx);
}

/** Whether a thread holds unread messages from this side (other than `except`). */
export async function hasUnreadFrom(db: Db, applicationId: string, sender: 'employer' | 'candidate', except: string) {
  const row = await db
    .selectFrom('application_messages')
    .select('id')
    .where('application_id', '=', applicationId)
    .where('sender', '=', sender)
    .where('read_at', 'is', null)
    .where('id', '!=', except)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks what one side wrote in a thread as read by the other; how many were unread. */
export async function markRead(db: Db, applicationId: string, sender: 'employer' | 'candidate', at: Date) {
  const result = await db
    .updateTable('application_messages')
    .set({ read_at: at })
    .where('application_id', '=', applicationId)
    .where('sender', '=', sender)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Unread candidate messages per application, for these applications (absent: none). */
export async function unreadRepliesOf(db: Db, applicationIds: string[]): Promise<Map<string, number>> {
  if (applicationIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('application_messages')
    .select(['application_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('application_id', 'in', applicationIds)
    .where('sender', '=', 'candidate')
    .where('read_at', 'is', null)
    .groupBy('application_id')
    .execute();
  return new Map(rows.map((r) => [r.application_id, Number(r.n)]));
}

/** Unread candidate messages on every application to a job. */
export async function unreadRepliesOfJob(db: Db, jobId: string): Promise<number> {
  const row = await db
    .selectFrom('application_messages as m')
    .innerJoin('job_applications as a', 'a.id', 'm.application_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('a.job_id', '=', jobId)
    .where('m.sender', '=', 'candidate')
    .where('m.read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The candidate's messages of these applications of theirs (the data export), oldest first. */
export function messagesOfCandidateApplications(db: Db, candidateId: string, applicationIds: string[]) {
  if (applicationIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('application_messages as m')
    .innerJoin('job_applications as a', 'a.id', 'm.application_id')
    .innerJoin('jobs as j', 'j.id', 'a.job_id')
    .innerJoin('businesses as b', 'b.id', 'j.business_id')
    .select(['m.id', 'm.application_id', 'm.sender', 'm.body', 'm.created_at', 'm.read_at', 'j.title', 'b.name'])
    .where('a.candidate_id', '=', candidateId)
    .where('m.application_id', 'in', applicationIds)
    .orderBy('m.created_at')
    .orderBy('m.id')
    .execute();
}

// ---- Templates ----

export function templatesOf(db: Db, businessId: string) {
  return db.selectFrom('message_templates').selectAll().where('business_id', '=', businessId).orderBy('name').execute();
}

export function findTemplate(db: Db, businessId: string, id: string) {
  return db
    .selectFrom('message_templates')
    .selectAll()
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function countTemplates(db: Db, businessId: string): Promise<number> {
  const row = await db
    .selectFrom('message_templates')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('business_id', '=', businessId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function templateNamed(db: Db, businessId: string, name: string, except?: string) {
  let query = db
    .selectFrom('message_templates')
    .select('id')
    .where('business_id', '=', businessId)
    .where('name', '=', name);
  if (except) query = query.where('id', '!=', except);
  return query.executeTakeFirst();
}

// ---- The notice outbox ----

export async function queueNotice(db: Db, messageId: string, now: Date): Promise<void> {
  await db
    .insertInto('message_notice_outbox')
    .values({ message_id: messageId, next_attempt_at: now, created_at: now })
    .execute();
}

export function leaseDueNotices(db: Db, now: Date, leaseMs: number, limit: number) {
  return leaseDueRows<{ id: string | number; message_id: string; attempts: number }>(db, {
    table: 'message_notice_outbox',
    now,
    leaseMs,
    due: (query) => query.where('sent_at', 'is', null).where('next_attempt_at', '<=', now),
    returning: ['id', 'message_id', 'attempts'],
    orderBy: 'id',
    limit,
  });
}

/** What a notice says, read when it is sent: the address, the names, and whether the message is still unread. */
export function noticeDetails(db: Db, messageId: string) {
  return db
    .selectFrom('application_messages as m')
    .innerJoin('job_applications as a', 'a.id', 'm.application_id')
    .innerJoin('candidates as c', 'c.id', 'a.candidate_id')
    .innerJoin('jobs as j', 'j.id', 'a.job_id')
    .innerJoin('businesses as b', 'b.id', 'j.business_id')
    .select([
      'm.read_at',
      'a.id as application_id',
      'c.id as candidate_id',
      'c.name',
      'c.email',
      'c.email_verified',
      'c.status_emails',
      'j.title',
      'b.name as business_name',
      'b.image_relative_directory',
    ])
    .where('m.id', '=', messageId)
    .executeTakeFirst();
}

export function markNoticeSent(db: Db, id: number, now: Date): Promise<void> {
  return markOutboxSent(db, 'message_notice_outbox', id, now);
}

export function markNoticeFailed(db: Db, id: number, nextAttemptAt: Date, error: string): Promise<void> {
  return markOutboxFailed(db, 'message_notice_outbox', id, nextAttemptAt, error);
}

export async function deleteNotice(db: Db, id: number): Promise<void> {
  await db.deleteFrom('message_notice_outbox').where('id', '=', id).execute();
}

/** Unsent notices older than `unsentBefore` are dropped (the portal shows the message anyway); sent ones after the retention time. */
export async function dropStaleNotices(db: Db, now: Date, unsentBefore: Date, sentBefore: Date): Promise<number> {
  const expired = await db
    .deleteFrom('message_notice_outbox')
    .where('sent_at', 'is', null)
    .where('created_at', '<', unsentBefore)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .executeTakeFirst();
  await db.deleteFrom('message_notice_outbox').where('sent_at', '<', sentBefore).execute();
  return Number(expired.numDeletedRows);
}
