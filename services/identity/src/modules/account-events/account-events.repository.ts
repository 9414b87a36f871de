import { randomUUID } from 'node:crypto';
import type { Db } from '../../db';

export type AccountEventKind = 'account_deleted' | 'email_changed' | 'email_verified';

export interface AccountEventRow {
  id: string;
  userId: string;
  kind: AccountEventKind;
  attempts: number;
}

/** Call inside the transaction that makes the change, so the notice exists exactly when the change does. */
export async function insertAccountEvent(db: Db, userId: string, kind: AccountEventKind, now: Date): Promise<void> {
  await db
    .insertInto('account_events')
    .values({ id: randomUUID(), user_id: userId, kind, next_attempt_at: now, created_at: now })
    .execute();
}

/** Leases due notices (skip locked: several instances share the table without sending one twice at once). */
export async function claimDueEvents(db: Db, now: Date, leaseMs: number, limit: number): Promise<AccountEventRow[]> {
  const rows = await db
    .updateTable('account_events')
    .set({ locked_until: new Date(now.getTime() + leaseMs) })
    .where(
      'id',
      'in',
      db
        .selectFrom('account_events')
        .select('id')
        .where('delivered_at', 'is', null)
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
        .orderBy('created_at')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['id', 'user_id', 'kind', 'attempts'])
    .execute();
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
