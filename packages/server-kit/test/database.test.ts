import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../src/database';
import { isDependencyUnavailable } from '../src/faults';
import {
  createTestDatabase,
  databaseKinds,
  startTcpProxy,
  throughProxy,
  type TcpProxy,
  type TestDatabase,
} from '../src/testing';

interface DB {
  items: { id: number; name: string };
}

describe.each(databaseKinds())('database on %s', (kind) => {
  let testDb: TestDatabase;
  let database: Database<DB>;
  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    database = await openDatabase<DB>({ url: testDb.url });
    await sql`create table items (id int primary key, name text not null)`.execute(database.db);
  });
  afterAll(async () => {
    await database.close();
    await testDb.drop();
  });

  it('rolls a failed transaction back', async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await trx.insertInto('items').values({ id: 1, name: 'a' }).execute();
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect(await database.db.selectFrom('items').selectAll().execute()).toEqual([]);
  });

  it('keeps concurrent transactions apart', async () => {
    const run = (id: number) =>
      database.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('items')
          .values({ id, name: `n${id}` })
          .execute();
        await new Promise((r) => setTimeout(r, 5));
        if (id % 2 === 0) throw new Error('even');
      });
    const results = await Promise.allSettled([2, 3, 4, 5].map(run));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'rejected', 'fulfilled']);
    const ids = (await database.db.selectFrom('items').select('id').orderBy('id').execute()).map((r) => r.id);
    expect(ids).toEqual([3, 5]);
  });

  it('reports affected rows', async () => {
    const res = await database.db.updateTable('items').set({ name: 'x' }).executeTakeFirst();
    expect(Number(res.numUpdatedRows)).toBe(2);
  });
});

// PostgreSQL only: PGlite lives in the process and cannot go away under it.
describe.each(databaseKinds().filter((kind) => kind === 'postgres'))('database on %s that goes away', (kind) => {
  let testDb: TestDatabase;
  let proxy: TcpProxy;
  let database: Database<DB>;
  const connectionErrors: Error[] = [];
  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    const target = new URL(testDb.url!);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    database = await openDatabase<DB>({
      url: throughProxy(testDb.url!, proxy),
      onConnectionError: (err) => connectionErrors.push(err),
    });
    await sql`create table items (id int primary key, name text not null)`.execute(database.db);
  });
  afterAll(async () => {
    await database?.close();
    await proxy?.close();
    await testDb?.drop();
  });

  it('fails only the transaction whose connection was cut, then serves again by itself', async () => {
    let cutInside!: () => void;
    const inside = new Promise<void>((resolve) => (cutInside = resolve));
    // A checked-out client (a transaction waiting on something else) is where pg's 'error' event had
    // no listener: unhandled, it ended the process, and vitest would report it here.
    const transaction = database.db.transaction().execute(async (trx) => {
      await trx.insertInto('items').values({ id: 1, name: 'lost' }).execute();
      cutInside();
      await new Promise((r) => setTimeout(r, 300));
      await trx.insertInto('items').values({ id: 2, name: 'lost' }).execute();
    });
    await inside;
    proxy.cut();
    const failure = await transaction.catch((err: unknown) => err);
    expect(isDependencyUnavailable(failure)).toBe(true);
    expect(connectionErrors.length).toBeGreaterThan(0);

    // While it is away, a query fails within the connect timeout instead of hanging.
    const started = Date.now();
    const down = await database.ping().catch((err: unknown) => err);
    expect(isDependencyUnavailable(down)).toBe(true);
    expect(Date.now() - started).toBeLessThan(5000);

    proxy.restore();
    await database.ping();
    expect(await database.db.selectFrom('items').selectAll().execute()).toEqual([]);
  });
});

// A burst (hundreds of sign-ups at once) queues for the pool's connections; that wait is not the
// server being away, and answering it 503 lost the burst (scripts/load-apply.ts, decision 0137).
describe.each(databaseKinds().filter((kind) => kind === 'postgres'))('database on %s under a burst', (kind) => {
  let testDb: TestDatabase;
  let database: Database<DB>;
  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    database = await openDatabase<DB>({ url: testDb.url, poolSize: 1, connectTimeoutMs: 300, poolWaitMs: 10_000 });
  });
  afterAll(async () => {
    await database?.close();
    await testDb?.drop();
  });

  it('serves a query that waits for a busy pool longer than the connect timeout', async () => {
    const busy = database.db.transaction().execute(async (trx) => {
      await sql`select pg_sleep(1)`.execute(trx);
    });
    const started = Date.now();
    // The only connection is held for a second: three times the connect timeout.
    await new Promise((r) => setTimeout(r, 50));
    await database.ping();
    expect(Date.now() - started).toBeGreaterThan(600);
    await busy;
  });

  it('still fails a new connection to a silent server within the connect timeout', async () => {
    // Accepts TCP and never answers: neither a refusal nor a reset tells the client the server is away.
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const url = new URL(testDb.url!);
    url.port = String((silent.address() as net.AddressInfo).port);
    const away = await openDatabase<DB>({ url: url.toString(), connectTimeoutMs: 300, poolWaitMs: 10_000 });
    try {
      const started = Date.now();
      const failure = await away.ping().catch((err: unknown) => err);
      expect(isDependencyUnavailable(failure)).toBe(true);
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      await away.close();
      silent.close();
    }
  });
});

describe('embedded database in a folder', () => {
  it('is created by a child process, opened with small shared buffers, and keeps its data when opened again', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'server-kit-pglite-'));
    const dataDir = path.join(dir, 'nested', 'db');
    try {
      const first = await openDatabase<DB>({ dataDir });
      expect(first.kind).toBe('pglite');
      const setting = await sql<{ shared_buffers: string }>`show shared_buffers`.execute(first.db);
      expect(setting.rows[0]?.shared_buffers).toBe('32MB');
      await sql`create table items (id int primary key, name text not null)`.execute(first.db);
      await first.db.insertInto('items').values({ id: 1, name: 'kept' }).execute();
      await first.close();

      const again = await openDatabase<DB>({ dataDir });
      expect(await again.db.selectFrom('items').selectAll().execute()).toEqual([{ id: 1, name: 'kept' }]);
      await again.close();
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 60_000); // creating a database (initdb) takes seconds on a busy machine
});
