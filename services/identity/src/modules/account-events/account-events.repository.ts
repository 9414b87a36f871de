import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import { leaseDueRows } from '@careers/server-kit/outbox';
import type { AccountEventsTable, Db } from '../../db';

export type AccountEventKind = 'account_deleted' | 'email_changed' | 'email_verified';

export interface AccountEventRow {
  id: string;
  userId: string;
  kind: AccountEventKind;
  attempts: number;
}

/** Call inside the transaction that makes the change, so the notice exists exactly when the change does. */
export async function recordAccountEvent(db: Db, userId: string, kind: AccountEventKind, now: Date): Promise<void> {
  await db
    .insertInto('account_events')
    .values({ id: randomUUID(), user_id: userId, kind, next_attempt_at: now, created_at: now })
    .execute();
}

/** Leases due notices (server-kit's leaseDueRows: several instances share the table without sending one twice). */
export async function claimDueEvents(db: Db, now: Date, leaseMs: number, limit: number): Promise<AccountEventRow[]> {
  const rows = await leaseDueRows<Pick<Selectable<AccountEventsTable>, 'id' | 'user_id' | 'kind' | 'attempts'>>(db, {
    table: 'account_events',
    now,
    leaseMs,
    due: (query) => query.where('delivered_at', 'is', null).where('next_attempt_at', '<=', now),
    orderBy: 'created_at',
    limit,
    returning: ['id', 'user_id', 'kind', 'attempts'],
  });
  return rows.map((r) => ({ id: r.id, userId: r.user_id, kind: r.kind as AccountEventKind, attempts: r.attempts }));
}

export async function markEventDelivered(db: Db, id: string, now: Date): Promise<void> {
  await db
    .updateTable('account_events')
    .set({ delivered_at: now, locked_until: null, last_error: null })
    .where('id', '=', id)
    .execute();
}

export async function markEventFailed(db: Db, id: string, retryAt: Date, error: string): Promise<void> {
  await db
    .updateTable('account_events')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      next_attempt_at: retryAt,
      locked_until: null,
      last_error: error.slice(0, 500),
    }))
    .where('id', '=', id)
    .execute();
}
