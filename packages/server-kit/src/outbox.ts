import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';

/*
 * The outboxes (identity's e-mails and account notices, the candidate service's status e-mails) are
 * tables of their own with their own columns; what they share is the lease and marking a row sent or failed, so the helpers see them
 * untyped and each repository maps the rows it gets back.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-empty-object-type
type DueQuery = SelectQueryBuilder<any, any, {}>;

export interface LeaseOptions {
  /** The outbox table: an `id` key and a `locked_until` timestamp. */
  table: string;
  now: Date;
  /** How long the worker may take over a row before another instance may take it. */
  leaseMs: number;
  /** The table's own conditions for a row to be due (not sent yet, its time come…). */
  due: (query: DueQuery) => DueQuery;
  /** The columns returned for each leased row. */
  returning: readonly string[];
  /** Oldest first by this column, at most `limit` rows; without them, every due row. */
  orderBy?: string;
  limit?: number;
}

/**
 * Leases due rows of an outbox (docs/decisions/0013): FOR UPDATE SKIP LOCKED lets several instances share
 * the queue without taking one row twice (and leaves alone a row a transaction is changing), and the lease
 * (locked_until) lets the sending happen outside any transaction: if an instance dies mid-send, the lease
 * runs out and another one takes the row. Rows whose lease has not run out are not due.
 */
export async function leaseDueRows<Row>(db: AnyDb, options: LeaseOptions): Promise<Row[]> {
  const { table, now } = options;
  let due = options
    .due(db.selectFrom(table).select('id'))
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]));
  if (options.orderBy) due = due.orderBy(options.orderBy);
  if (options.limit !== undefined) due = due.limit(options.limit);
  const rows = await db
    .updateTable(table)
    .set({ locked_until: new Date(now.getTime() + options.leaseMs) })
    .where('id', 'in', due.forUpdate().skipLocked())
    .returning(options.returning as string[])
    .execute();
  return rows as Row[];
}

/**
 * An outbox row that is not to go yet (its recipient's address not proved): due again at `nextAttemptAt`,
 * its lease released, the look counted in `attempts` (which spaces the next look out).
 */
export async function deferOutboxRow(
  db: AnyDb,
  table: string,
  id: number | string,
  nextAttemptAt: Date,
): Promise<void> {
  await db
    .updateTable(table)
    .set({ next_attempt_at: nextAttemptAt, locked_until: null, attempts: sql`attempts + 1` })
    .where('id', '=', id)
    .execute();
}

/** What a failed delivery keeps of its error (the row's last_error). */
const ERROR_KEPT = 500;

/** An outbox row sent: its lease released and the try counted. */
export async function markOutboxSent(db: AnyDb, table: string, id: number | string, now: Date): Promise<void> {
  await db
    .updateTable(table)
    .set({ sent_at: now, locked_until: null, attempts: sql`attempts + 1` })
    .where('id', '=', id)
    .execute();
}

/** An outbox row that failed: due again at `nextAttemptAt`, its lease released, the try and the error kept. */
export async function markOutboxFailed(
  db: AnyDb,
  table: string,
  id: number | string,
  nextAttemptAt: Date,
  error: string,
): Promise<void> {
  await db
    .updateTable(table)
    .set({
      next_attempt_at: nextAttemptAt,
      locked_until: null,
      last_error: error.slice(0, ERROR_KEPT),
      attempts: sql`attempts + 1`,
    })
    .where('id', '=', id)
    .execute();
}
