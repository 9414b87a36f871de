import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../src/database';
import { leaseDueRows } from '../src/outbox';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../src/testing';

interface DB {
  queue: { id: number; due_at: Date; done: boolean; locked_until: Date | null };
}

describe.each(databaseKinds())('leaseDueRows on %s', (kind) => {
  let testDb: TestDatabase;
  let database: Database<DB>;
  const now = new Date('2026-01-01T12:00:00Z');
  const lease = (at: Date, limit?: number) =>
    leaseDueRows<{ id: number }>(database.db, {
      table: 'queue',
      now: at,
      leaseMs: 60_000,
      due: (query) => query.where('done', '=', false).where('due_at', '<=', at),
      orderBy: 'id',
      ...(limit === undefined ? {} : { limit }),
      returning: ['id'],
    });

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    database = await openDatabase<DB>({ url: testDb.url });
    await sql`create table queue (id int primary key, due_at timestamptz not null, done boolean not null, locked_until timestamptz)`.execute(
      database.db,
    );
    const later = new Date(now.getTime() + 3_600_000);
    await database.db
      .insertInto('queue')
      .values([
        { id: 1, due_at: now, done: false, locked_until: null },
        { id: 2, due_at: now, done: false, locked_until: null },
        { id: 3, due_at: now, done: true, locked_until: null },
        { id: 4, due_at: later, done: false, locked_until: null },
        { id: 5, due_at: now, done: false, locked_until: null },
      ])
      .execute();
  });
  afterAll(async () => {
    await database?.close();
    await testDb?.drop();
  });

  it('leases the due rows, oldest first and at most the limit, and not again while the lease runs', async () => {
    expect((await lease(now, 2)).map((r) => r.id).sort()).toEqual([1, 2]);
    expect((await lease(now)).map((r) => r.id)).toEqual([5]);
    expect(await lease(new Date(now.getTime() + 59_000))).toEqual([]);
    const row = await database.db
      .selectFrom('queue')
      .select('locked_until')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(new Date(row.locked_until!).getTime()).toBe(now.getTime() + 60_000);
  });

  it('leases a row again once its lease has run out', async () => {
    const afterLease = new Date(now.getTime() + 60_000);
    expect((await lease(afterLease)).map((r) => r.id).sort()).toEqual([1, 2, 5]);
  });
});
