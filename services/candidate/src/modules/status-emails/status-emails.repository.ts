import { sql, type Selectable } from 'kysely';
import { leaseDueRows, markOutboxFailed, markOutboxSent } from '@careers/server-kit/outbox';
import type { CandidateDatabase, Db } from '../../db';

/**
 * Called in the transaction that moves the application (the application row is locked FOR UPDATE there,
 * so two moves of one application queue one after the other). One unsent row per application: a move
 * while the row waits changes what it will say, and a move back to what the candidate was last told
 * removes it. Nothing is queued for a candidate who turned status e-mails off.
 */
export async function queueStatusMail(
  db: Db,
  change: { candidateId: string; applicationId: string; from: number; to: number; now: Date; sendAt: Date },
  /** Asked only when no e-mail waits for this application (the candidates module owns the switch). */
  statusEmailsOn: () => Promise<boolean>,
): Promise<'queued' | 'updated' | 'withdrawn' | 'off'> {
  const waiting = await db
    .selectFrom('status_mail_outbox')
    .select(['id', 'previous_status'])
    .where('application_id', '=', change.applicationId)
    .where('kind', '=', 'status')
    .where('sent_at', 'is', null)
    // A row a worker holds is being sent now: it stays as it is, and this move gets a row of its own.
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', change.now)]))
    .forUpdate()
    .executeTakeFirst();
  if (waiting) {
    if (waiting.previous_status === change.to) {
      await db.deleteFrom('status_mail_outbox').where('id', '=', waiting.id).execute();
      return 'withdrawn';
    }
    await db
      .updateTable('status_mail_outbox')
      .set({ application_status: change.to, next_attempt_at: change.sendAt })
      .where('id', '=', waiting.id)
      .execute();
    return 'updated';
  }
  if (!(await statusEmailsOn())) return 'off';
  await db
    .insertInto('status_mail_outbox')
    .values({
      candidate_id: change.candidateId,
      application_id: change.applicationId,
      application_status: change.to,
      previous_status: change.from,
      next_attempt_at: change.sendAt,
      created_at: change.now,
    })
    .execute();
  return 'queued';
}

/**
 * The receipt of a new application (docs/decisions/0283), queued in the transaction that makes it: a row of
 * its own that no status change merges with or removes. The caller checks the candidate's switch.
 */
export async function queueReceiptMail(
  db: Db,
  receipt: { candidateId: string; applicationId: string; status: number; now: Date },
): Promise<void> {
  await db
    .insertInto('status_mail_outbox')
    .values({
      candidate_id: receipt.candidateId,
      application_id: receipt.applicationId,
      application_status: receipt.status,
      previous_status: receipt.status,
      next_attempt_at: receipt.now,
      created_at: receipt.now,
      kind: 'receipt',
    })
    .execute();
}

export interface ClaimedStatusMail {
  id: number;
  attempts: number;
  applicationStatus: number;
  kind: 'status' | 'receipt';
}

/** One claim at a time across instances: the budget's count and the lease that spends it are one step. */
const CLAIM_LOCK_KEY = 'careers:status-mail-claim';
const HOUR_MS = 60 * 60 * 1000;

/**
 * Leases due rows as the identity outbox does (server-kit's leaseDueRows, docs/decisions/0013): SKIP LOCKED
 * leaves a row a move is changing, and the SMTP conversation happens outside any transaction. A business's rows are taken only while
 * it has e-mails left in its hourly budget (status_mail_sends, docs/decisions/0236); the rest stay due and
 * go in a later hour, oldest first. Claims are serialized by a transaction-scoped advisory lock, so two
 * instances never both spend the last e-mail of a budget.
 */
export async function claimDueStatusMail(
  db: Db,
  now: Date,
  leaseMs: number,
  limit: number,
  perBusinessPerHour: number,
): Promise<ClaimedStatusMail[]> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${CLAIM_LOCK_KEY}))`.execute(trx);
    const hourAgo = new Date(now.getTime() - HOUR_MS);
    // Each due row numbered within its business, oldest first; a status row is taken when its number still
    // fits in what the business has left this hour. Receipts are the candidates' doing, not the employer's:
    // they spend no budget and no backlog holds them (docs/decisions/0283).
    const picked = await sql<{ id: string; business_id: string; kind: string }>`
      select d.id, d.business_id, d.kind
      from (
        select o.id, o.kind, j.business_id,
          row_number() over (partition by j.business_id, o.kind order by o.id) as rn
        from status_mail_outbox o
        join job_applications a on a.id = o.application_id
        join jobs j on j.id = a.job_id
        where o.sent_at is null
          and o.next_attempt_at <= ${now}
          and (o.locked_until is null or o.locked_until <= ${now})
      ) d
      left join (
        select business_id, count(*) as n
        from status_mail_sends
        where claimed_at > ${hourAgo}
        group by business_id
      ) u on u.business_id = d.business_id
      where d.kind = 'receipt' or d.rn + coalesce(u.n, 0) <= ${perBusinessPerHour}
      order by d.id
      limit ${limit}`.execute(trx);
    if (picked.rows.length === 0) return [];
    const businessOf = new Map(picked.rows.map((r) => [Number(r.id), r.business_id]));
    const rows = await leaseDueRows<
      Pick<Selectable<CandidateDatabase['status_mail_outbox']>, 'id' | 'attempts' | 'application_status' | 'kind'>
    >(trx, {
      table: 'status_mail_outbox',
      now,
      leaseMs,
      due: (query) =>
        query
          .where(
            'id',
            'in',
            picked.rows.map((r) => Number(r.id)),
          )
          .where('sent_at', 'is', null),
      returning: ['id', 'attempts', 'application_status', 'kind'],
    });
    const spending = rows.filter((r) => r.kind === 'status');
    if (spending.length > 0) {
      await trx
        .insertInto('status_mail_sends')
        .values(
          spending.map((r) => ({
            business_id: businessOf.get(Number(r.id)) as string,
            outbox_id: Number(r.id),
            claimed_at: now,
          })),
        )
        .execute();
    }
    return rows
      .map((r) => ({
        id: Number(r.id),
        attempts: r.attempts,
        applicationStatus: r.application_status,
        kind: r.kind,
      }))
      .sort((a, b) => a.id - b.id);
  });
}

/** A claimed row that was not sent (SMTP failed, or nothing is left to send): its business gets the e-mail back. */
export async function releaseStatusMailSend(db: Db, outboxId: number): Promise<void> {
  await db.deleteFrom('status_mail_sends').where('outbox_id', '=', outboxId).execute();
}

/** What the message of one claimed row says, read when it is sent (the address and names as they are now). */
export function statusMailDetails(db: Db, id: number) {
  return db
    .selectFrom('status_mail_outbox as o')
    .innerJoin('candidates as c', 'c.id', 'o.candidate_id')
    .innerJoin('job_applications as a', 'a.id', 'o.application_id')
    .innerJoin('jobs as j', 'j.id', 'a.job_id')
    .innerJoin('businesses as b', 'b.id', 'j.business_id')
    .select([
      'o.id',
      'o.application_id',
      'o.created_at',
      'c.id as candidate_id',
      'c.name',
      'c.email',
      'c.email_verified',
      'c.status_emails',
      'c.time_zone',
      'a.applied_at',
      'a.cv_file_name',
      'a.ending_reason',
      'j.title',
      'b.name as business_name',
      'b.image_relative_directory',
    ])
    .where('o.id', '=', id)
    .executeTakeFirst();
}

export function markStatusMailSent(db: Db, id: number, now: Date): Promise<void> {
  return markOutboxSent(db, 'status_mail_outbox', id, now);
}

export function markStatusMailFailed(db: Db, id: number, nextAttemptAt: Date, error: string): Promise<void> {
  return markOutboxFailed(db, 'status_mail_outbox', id, nextAttemptAt, error);
}

export async function deleteStatusMail(db: Db, id: number): Promise<void> {
  await db.deleteFrom('status_mail_outbox').where('id', '=', id).execute();
}

/** Unsent rows older than `before` are news no longer (a long SMTP outage): dropped. Sent rows go after the retention time. */
export async function dropStaleStatusMail(
  db: Db,
  now: Date,
  unsentBefore: Date,
  sentBefore: Date,
): Promise<{ expired: number; removed: number }> {
  const expired = await db
    .deleteFrom('status_mail_outbox')
    .where('sent_at', 'is', null)
    .where('created_at', '<', unsentBefore)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .executeTakeFirst();
  const removed = await db.deleteFrom('status_mail_outbox').where('sent_at', '<', sentBefore).executeTakeFirst();
  // The budget looks back an hour; a day of sends is kept for questions, then goes.
  await db
    .deleteFrom('status_mail_sends')
    .where('claimed_at', '<', new Date(now.getTime() - 24 * HOUR_MS))
    .execute();
  return { expired: Number(expired.numDeletedRows), removed: Number(removed.numDeletedRows) };
}

/**
 * A candidate who turns status e-mails off gets none of those still waiting (one a worker is sending may still
 * go); the receipts of their applications still go (docs/decisions/0557).
 */
export async function dropUnsentStatusMailOf(db: Db, candidateId: string, now: Date): Promise<void> {
  await db
    .deleteFrom('status_mail_outbox')
    .where('candidate_id', '=', candidateId)
    .where('kind', '=', 'status')
    .where('sent_at', 'is', null)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .execute();
}
