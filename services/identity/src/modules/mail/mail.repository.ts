import { sql, type Selectable } from 'kysely';
import type { MailMessage } from '@careers/server-kit/mail';
import { productMetrics } from '@careers/server-kit/metrics';
import { leaseDueRows } from '@careers/server-kit/outbox';
import type { Db, IdentityDatabase } from '../../db';

type LeasedMail = Pick<
  Selectable<IdentityDatabase['mail_outbox']>,
  'id' | 'to_address' | 'subject' | 'text_body' | 'html_body' | 'kind' | 'attempts' | 'expires_at'
>;

export interface OutboxRow {
  id: number;
  message: MailMessage;
  attempts: number;
}

/**
 * Called inside the transaction that creates the code or token the message carries. expiresAt is when
 * that code or link stops working: past it the message is neither sent nor kept; userId is the account
 * the message belongs to, whose deletion removes the row (null for a message that must outlive the
 * account: the receipt of its deletion).
 */
export async function queueMail(
  db: Db,
  message: MailMessage,
  now: Date,
  carries: { expiresAt: Date; userId: string | null; sendAt?: Date },
): Promise<void> {
  await db
    .insertInto('mail_outbox')
    .values({
      to_address: message.to,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html,
      kind: message.kind,
      next_attempt_at: carries.sendAt ?? now,
      created_at: now,
      expires_at: carries.expiresAt,
      user_id: carries.userId,
    })
    .execute();
  productMetrics.emailsQueued().inc({ kind: message.kind });
}

/** Removes a user's messages of one kind that have not gone out (and are not being sent now). */
export async function dropUnsent(db: Db, userId: string, kind: string, now: Date): Promise<void> {
  await db
    .deleteFrom('mail_outbox')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('sent_at', 'is', null)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .execute();
}

/** When each message of a kind was queued for a user since `since`, oldest first. */
export async function mailQueuedSince(db: Db, userId: string, kind: string, since: Date): Promise<Date[]> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('created_at', '>', since)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => new Date(r.created_at));
}

/** Unsent messages whose code or link has expired lose their subject and bodies and are never sent. */
export async function dropExpiredMail(db: Db, now: Date): Promise<number> {
  const result = await db
    .updateTable('mail_outbox')
    .set({
      subject: null,
      text_body: null,
      html_body: null,
      locked_until: null,
      last_error: 'expired before it could be sent',
    })
    .where('sent_at', 'is', null)
    .where('text_body', 'is not', null)
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Leases due messages (server-kit's leaseDueRows): several instances share the queue without sending one
 * message twice, and the SMTP conversation happens outside any transaction.
 */
export async function claimDueMail(db: Db, now: Date, leaseMs: number, limit: number): Promise<OutboxRow[]> {
  const rows = await leaseDueRows<LeasedMail>(db, {
    table: 'mail_outbox',
    now,
    leaseMs,
    due: (query) =>
      query
        .where('sent_at', 'is', null)
        .where('text_body', 'is not', null)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
        .where('next_attempt_at', '<=', now),
    orderBy: 'id',
    limit,
    returning: ['id', 'to_address', 'subject', 'text_body', 'html_body', 'kind', 'attempts', 'expires_at'],
  });
  return rows
    .sort((a, b) => a.id - b.id)
    .map((r) => ({
      id: Number(r.id),
      attempts: r.attempts,
      message: {
        to: r.to_address,
        subject: r.subject ?? '',
        text: r.text_body ?? '',
        html: r.html_body ?? '',
        kind: r.kind,
        ...(r.expires_at ? { expiresAt: r.expires_at.getTime() } : {}),
      },
    }));
}

/** Once sent, the code or link in the subject and bodies is gone from the database: it can no longer leak from there. */
export async function markMailSent(db: Db, id: number, now: Date): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({
      sent_at: now,
      locked_until: null,
      attempts: sql`attempts + 1`,
      subject: null,
      text_body: null,
      html_body: null,
    })
    .where('id', '=', id)
    .execute();
}

export async function markMailFailed(db: Db, id: number, nextAttemptAt: Date, error: string): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({
      next_attempt_at: nextAttemptAt,
      locked_until: null,
      last_error: error.slice(0, 500),
      attempts: sql`attempts + 1`,
    })
    .where('id', '=', id)
    .execute();
}

export async function countUnsentMail(db: Db): Promise<number> {
  const row = await db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('sent_at', 'is', null)
    .where('text_body', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
