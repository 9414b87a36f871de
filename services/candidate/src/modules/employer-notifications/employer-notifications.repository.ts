import { sql, type RawBuilder } from 'kysely';
import { ApplicationStatus } from '@careers/contracts/enums';
import {
  DEFAULT_EMPLOYER_NOTIFICATIONS,
  type EmployerNoticeKind,
  type EmployerNotificationSettings,
  type NoticeDelivery,
} from '@careers/contracts/employer-notifications';
import { leaseDueRows, markOutboxFailed, markOutboxSent } from '@careers/server-kit/outbox';
import type { Db } from '../../db';
import './employer-notifications.tables';

/** Each kind's column in employer_notification_settings. */
export const KIND_COLUMN = {
  newApplication: 'new_application',
  candidateReply: 'candidate_reply',
  withdrawal: 'withdrawal',
  bookingChange: 'booking_change',
} as const satisfies Record<EmployerNoticeKind, string>;

const OUTBOX = 'employer_notice_outbox';

/**
 * The members who may see a job, as the console decides it (team.service memberMaySeeJob): owners and
 * recruiters every job of their business, a hiring manager the jobs given to them. Read against the
 * query's business_members row.
 */
const mayOpenJob = (jobId: string | RawBuilder<unknown>) =>
  sql<boolean>`(business_members.role in ('Owner', 'Recruiter') or exists (
    select 1 from job_assignments ja where ja.job_id = ${jobId} and ja.user_id = business_members.user_id))`;

/** The business_members row's choice of one kind: their settings row's, else the default. */
const deliveryOf = (kind: EmployerNoticeKind) =>
  sql<NoticeDelivery>`coalesce((select ${sql.ref(`s.${KIND_COLUMN[kind]}`)} from employer_notification_settings s
    where s.business_id = business_members.business_id and s.user_id = business_members.user_id),
    ${DEFAULT_EMPLOYER_NOTIFICATIONS[kind]})`;

export async function findSettings(
  db: Db,
  businessId: string,
  userId: string,
): Promise<EmployerNotificationSettings | null> {
  const row = await db
    .selectFrom('employer_notification_settings')
    .selectAll()
    .where('business_id', '=', businessId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    newApplication: row.new_application,
    candidateReply: row.candidate_reply,
    withdrawal: row.withdrawal,
    bookingChange: row.booking_change,
  };
}

export async function saveSettings(
  db: Db,
  businessId: string,
  userId: string,
  settings: EmployerNotificationSettings,
  now: Date,
): Promise<void> {
  const columns = {
    new_application: settings.newApplication,
    candidate_reply: settings.candidateReply,
    withdrawal: settings.withdrawal,
    booking_change: settings.bookingChange,
    updated_at: now,
  };
  await db
    .insertInto('employer_notification_settings')
    .values({ business_id: businessId, user_id: userId, ...columns })
    .onConflict((oc) => oc.columns(['business_id', 'user_id']).doUpdateSet(columns))
    .execute();
}

/**
 * Records what happened to an application and queues its e-mail to each member who may see the job and
 * wants this kind at once. In the change's transaction: the e-mails exist only if the change committed.
 * A reply while the member's e-mail of an earlier one still waits adds no second e-mail.
 */
export async function insertEventAndNotices(
  trx: Db,
  event: { kind: EmployerNoticeKind; applicationId: string; detail: string | null; now: Date; exceptUserId?: string },
): Promise<number> {
  const inserted = await trx
    .insertInto('employer_events')
    .columns(['business_id', 'job_id', 'application_id', 'kind', 'detail', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('job_applications as a')
        .innerJoin('jobs as j', 'j.id', 'a.job_id')
        .select([
          'j.business_id',
          'j.id',
          'a.id',
          sql.val(event.kind).as('kind'),
          sql.val(event.detail).as('detail'),
          sql.val(event.now).as('created_at'),
        ])
        .where('a.id', '=', event.applicationId),
    )
    .returning(['id', 'business_id', 'job_id'])
    .executeTakeFirst();
  if (!inserted) return 0;
  const { kind, applicationId, now } = event;
  let members = trx
    .selectFrom('business_members')
    .select([
      sql.val(inserted.id).as('event_id'),
      'business_members.business_id',
      'business_members.user_id',
      sql.val(now).as('next_attempt_at'),
      sql.val(now).as('created_at'),
    ])
    .where('business_members.business_id', '=', inserted.business_id)
    .where(mayOpenJob(inserted.job_id))
    .where(sql<boolean>`${deliveryOf(kind)} = 'instant'`);
  if (event.exceptUserId) members = members.where('business_members.user_id', '<>', event.exceptUserId);
  if (kind === 'candidateReply')
    members = members.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('employer_notice_outbox as o')
            .innerJoin('employer_events as e', 'e.id', 'o.event_id')
            .select('o.id')
            .whereRef('o.user_id', '=', 'business_members.user_id')
            .where('o.sent_at', 'is', null)
            .where('e.application_id', '=', applicationId)
            .where('e.kind', '=', kind),
        ),
      ),
    );
  const queued = await trx
    .insertInto('employer_notice_outbox')
    .columns(['event_id', 'business_id', 'user_id', 'next_attempt_at', 'created_at'])
    .expression(members)
    .executeTakeFirst();
  return Number(queued.numInsertedOrUpdatedRows ?? 0);
}

export interface DueNotice {
  id: string;
  event_id: string;
  user_id: string;
  attempts: number;
}

export async function leaseDueNotices(db: Db, now: Date, leaseMs: number, limit: number): Promise<DueNotice[]> {
  const rows = await leaseDueRows<{
    id: string | number;
    event_id: string | number;
    user_id: string;
    attempts: number;
  }>(db, {
    table: OUTBOX,
    now,
    leaseMs,
    due: (q) => q.where('sent_at', 'is', null).where('next_attempt_at', '<=', now),
    returning: ['id', 'event_id', 'user_id', 'attempts'],
    orderBy: 'id',
    limit,
  });
  return rows.map((r) => ({ ...r, id: String(r.id), event_id: String(r.event_id) }));
}

export const markNoticeSent = (db: Db, id: string, now: Date) => markOutboxSent(db, OUTBOX, id, now);
export const markNoticeFailed = (db: Db, id: string, retryAt: Date, error: string) =>
  markOutboxFailed(db, OUTBOX, id, retryAt, error);
export async function dropNotice(db: Db, id: string): Promise<void> {
  await db.deleteFrom('employer_notice_outbox').where('id', '=', id).execute();
}

/**
 * What an e-mail about one event says, read when it is sent, for a member who may still see the job and
 * still wants this kind at once; undefined when that is no longer so (removed, taken off the job, changed
 * their mind, or the application is gone).
 */
export async function noticeFacts(db: Db, eventId: string, userId: string) {
  const row = await db
    .selectFrom('employer_events as e')
    .innerJoin('job_applications as a', 'a.id', 'e.application_id')
    .innerJoin('jobs as j', 'j.id', 'e.job_id')
    .innerJoin('businesses as b', 'b.id', 'e.business_id')
    .innerJoin('candidates as c', 'c.id', 'a.candidate_id')
    .innerJoin('business_members', (join) =>
      join.onRef('business_members.business_id', '=', 'e.business_id').on('business_members.user_id', '=', userId),
    )
    .select([
      'e.kind',
      'e.detail',
      'e.application_id',
      'e.business_id',
      'j.title as job_title',
      'b.name as business_name',
      'b.image_relative_directory',
      'c.name as candidate_name',
      'a.withdrawal_reason',
      'business_members.email',
    ])
    .where('e.id', '=', eventId)
    .where(mayOpenJob(sql.ref('e.job_id')))
    .executeTakeFirst();
  if (!row || !row.email) return undefined;
  const wanted = await db
    .selectFrom('business_members')
    .select(deliveryOf(row.kind).as('delivery'))
    .where('business_members.business_id', '=', row.business_id)
    .where('business_members.user_id', '=', userId)
    .executeTakeFirst();
  return wanted?.delivery === 'instant' ? row : undefined;
}

// ---- The daily digest ----

/** Every member with an address, their choices and their time zone (their interview hours'). */
export async function digestMembers(db: Db) {
  return db
    .selectFrom('business_members as m')
    .leftJoin('employer_notification_settings as s', (join) =>
      join.onRef('s.business_id', '=', 'm.business_id').onRef('s.user_id', '=', 'm.user_id'),
    )
    .innerJoin('businesses as b', 'b.id', 'm.business_id')
    .leftJoin('interview_availability as ia', (join) =>
      join.onRef('ia.business_id', '=', 'm.business_id').onRef('ia.user_id', '=', 'm.user_id'),
    )
    .select([
      'm.business_id',
      'm.user_id',
      'm.email',
      'b.name as business_name',
      'b.image_relative_directory',
      's.new_application',
      's.candidate_reply',
      's.withdrawal',
      's.booking_change',
      'ia.time_zone',
    ])
    .where('m.email', '<>', '')
    .execute();
}

/** The (member, day) digests already sent, or being sent, from `fromDay` on. */
export async function digestsTaken(db: Db, fromDay: string, now: Date): Promise<Set<string>> {
  const rows = await db
    .selectFrom('employer_digests')
    .select(['user_id', sql<string>`day::text`.as('day')])
    .where('day', '>=', fromDay)
    .where((eb) => eb.or([eb('sent_at', 'is not', null), eb('locked_until', '>', now)]))
    .execute();
  return new Set(rows.map((r) => `${r.user_id}|${r.day}`));
}

/**
 * Claims the member's digest of one day: the insert, or taking over a row whose sender gave up or died
 * (its lease ran out, nothing sent). True for the one caller that may send it.
 */
export async function claimDigest(
  db: Db,
  row: { businessId: string; userId: string; day: string },
  now: Date,
  leaseMs: number,
): Promise<boolean> {
  const lease = new Date(now.getTime() + leaseMs);
  const claimed = await db
    .insertInto('employer_digests')
    .values({ business_id: row.businessId, user_id: row.userId, day: row.day, locked_until: lease, created_at: now })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'day'])
        .doUpdateSet({ locked_until: lease })
        .where('employer_digests.sent_at', 'is', null)
        .where('employer_digests.locked_until', '<=', now),
    )
    .returning('user_id')
    .executeTakeFirst();
  return claimed !== undefined;
}

export async function markDigest(
  db: Db,
  userId: string,
  day: string,
  outcome: { sentAt: Date; items: number } | { retryAt: Date },
): Promise<void> {
  await db
    .updateTable('employer_digests')
    .set(
      'sentAt' in outcome
        ? { sent_at: outcome.sentAt, items: outcome.items, locked_until: null }
        : { locked_until: outcome.retryAt },
    )
    .where('user_id', '=', userId)
    .where('day', '=', day)
    .execute();
}

/** The applications still new on the jobs the member may see (open jobs only), oldest promise first. */
export async function waitingApplications(db: Db, businessId: string, userId: string, limit: number) {
  return db
    .selectFrom('job_applications as a')
    .innerJoin('jobs as j', 'j.id', 'a.job_id')
    .innerJoin('candidates as c', 'c.id', 'a.candidate_id')
    .innerJoin('business_members', (join) =>
      join.onRef('business_members.business_id', '=', 'j.business_id').on('business_members.user_id', '=', userId),
    )
    .select([
      'a.id',
      'a.applied_at',
      'j.title as job_title',
      'j.reply_within_days',
      'c.name as candidate_name',
      sql<number>`count(*) over ()`.as('total'),
    ])
    .where('j.business_id', '=', businessId)
    .where('j.closed_at', 'is', null)
    .where('a.application_status', '=', ApplicationStatus.ApplicationPending)
    .where('a.withdrawn_at', 'is', null)
    .where('a.ending_reason', 'is', null)
    .where('a.keep_on_file_asked_at', 'is', null)
    .where(mayOpenJob(sql.ref('j.id')))
    .orderBy(sql`a.applied_at + make_interval(days => j.reply_within_days)`)
    .orderBy('a.id')
    .limit(limit)
    .execute();
}

/** What happened since `since` of these kinds on the jobs the member may see, oldest first. */
export async function eventsSince(
  db: Db,
  businessId: string,
  userId: string,
  kinds: EmployerNoticeKind[],
  since: Date,
  now: Date,
  limit: number,
) {
  if (kinds.length === 0) return [];
  return db
    .selectFrom('employer_events as e')
    .innerJoin('job_applications as a', 'a.id', 'e.application_id')
    .innerJoin('jobs as j', 'j.id', 'e.job_id')
    .innerJoin('candidates as c', 'c.id', 'a.candidate_id')
    .innerJoin('business_members', (join) =>
      join.onRef('business_members.business_id', '=', 'e.business_id').on('business_members.user_id', '=', userId),
    )
    .select([
      'e.kind',
      'e.detail',
      'e.application_id',
      'e.created_at',
      'j.title as job_title',
      'c.name as candidate_name',
      'a.withdrawal_reason',
    ])
    .where('e.business_id', '=', businessId)
    .where('e.kind', 'in', kinds)
    .where('e.created_at', '>', since)
    .where('e.created_at', '<=', now)
    .where(mayOpenJob(sql.ref('e.job_id')))
    .orderBy('e.created_at')
    .limit(limit)
    .execute();
}

/** When the member's last digest went (its lines then covered what happened before). */
export async function lastDigestSent(db: Db, userId: string): Promise<Date | null> {
  const row = await db
    .selectFrom('employer_digests')
    .select((eb) => eb.fn.max('sent_at').as('sent_at'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.sent_at ? new Date(row.sent_at) : null;
}

/** Old rows go: sent e-mails and digests after 30 days, events after 30 days (no digest looks back further). */
export async function deleteOldRows(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('employer_notice_outbox').where('created_at', '<', before).execute();
  await db.deleteFrom('employer_events').where('created_at', '<', before).execute();
  await db.deleteFrom('employer_digests').where('created_at', '<', before).execute();
}
