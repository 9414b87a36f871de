import { sql } from 'kysely';
import type { Db } from '../../db';

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

export interface ClaimedStatusMail {
  id: number;
  attempts: number;
  applicationStatus: number;
}

/**
 * Leases due rows as the identity outbox does (docs/decisions/0013): SKIP LOCKED lets several instances
 * share the queue without taking one row twice, and the lease (locked_until) lets the SMTP conversation
 * happen outside any transaction; if an instance dies mid-send, the lease runs out and another one sends.
 */
export async function claimDueStatusMail(
  db: Db,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<ClaimedStatusMail[]> {
  const rows = await db
    .updateTable('status_mail_outbox')
    .set({ locked_until: new Date(now.getTime() + leaseMs) })
    .where(
      'id',
      'in',
      db
        .selectFrom('status_mail_outbox')
        .select('id')
        .where('sent_at', 'is', null)
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
        .orderBy('id')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['id', 'attempts', 'application_status'])
    .execute();
  return rows
    .map((r) => ({ id: Number(r.id), attempts: r.attempts, applicationStatus: r.application_status }))
    .sort((a, b) => a.id - b.id);
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
      'c.status_emails',
      'j.title',
      'b.name as business_name',
    ])
    .where('o.id', '=', id)
    .executeTakeFirst();
}

export async function markStatusMailSent(db: Db, id: number, now: Date): Promise<void> {
  await db
    .updateTable('status_mail_outbox')
    .set({ sent_at: now, locked_until: null, attempts: sql`attempts + 1` })
    .where('id', '=', id)
    .execute();
}

export async function markStatusMailFailed(db: Db, id: number, nextAttemptAt: Date, error: string): Promise<void> {
  await db
    .updateTable('status_mail_outbox')
    .set({
      next_attempt_at: nextAttemptAt,
      locked_until: null,
      last_error: error.slice(0, 500),
      attempts: sql`attempts + 1`,
    })
    .where('id', '=', id)
    .execute();
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
  return { expired: Number(expired.numDeletedRows), removed: Number(removed.numDeletedRows) };
}

/** A candidate who turns status e-mails off gets none of those still waiting (one a worker is sending may still go). */
export async function dropUnsentStatusMailOf(db: Db, candidateId: string, now: Date): Promise<void> {
  await db
    .deleteFrom('status_mail_outbox')
    .where('candidate_id', '=', candidateId)
    .where('sent_at', 'is', null)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .execute();
}
