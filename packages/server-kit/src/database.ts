import path from 'node:path';
import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect';

// PostgreSQL returns int8 and numeric as strings by default; our counts and amounts fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export interface DatabaseOptions {
  /** postgres://… for PostgreSQL; absent for the embedded PGlite database. */
  url?: string | undefined;
  /** Folder for PGlite's files; absent (with no url) for an in-memory database (tests). */
  dataDir?: string | undefined;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /**
   * Errors of pooled connections, idle or checked out (the server restarted, an administrator ended
   * them). The pool drops such a client and opens a new one on demand; the query in flight fails on its
   * own. Unhandled, the error event would end the process.
   */
  onConnectionError?: (err: Error) => void;
  /** PostgreSQL only: give up on opening a connection (or waiting for a free one) after this long. */
  connectTimeoutMs?: number;
  /** PostgreSQL only: the server cancels any single statement that runs longer. */
  statementTimeoutMs?: number;
}

/**
 * Short enough that a request fails with 503 within a few seconds while the server is unreachable,
 * long enough for a busy server to hand out a connection.
 */
const CONNECT_TIMEOUT_MS = 3000;
const STATEMENT_TIMEOUT_MS = 30_000;

export interface Database<DB> {
  db: Kysely<DB>;
  kind: 'postgres' | 'pglite';
  /** The PGlite instance, when embedded (for tools that need it, such as pg-boss). */
  pglite?: PGlite;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export async function openDatabase<DB>(options: DatabaseOptions): Promise<Database<DB>> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
      statement_timeout: options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS,
      // A peer that vanished without a FIN (a failed-over host) is noticed instead of waited on forever.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    const onError = (err: Error) => options.onConnectionError?.(err);
    // The pool listens to its idle clients only; a client checked out (a transaction waiting on a file
    // stream) would throw its 'error' at the process. The query or transaction using it still rejects.
    pool.on('connect', (client) => client.on('error', onError));
    // The pool re-emits an idle client's error, already reported by the listener above.
    pool.on('error', () => undefined);
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      kind: 'postgres',
      ping: async () => void (await sql`select 1`.execute(db)),
      close: () => db.destroy(),
    };
  }
  if (options.dataDir) await fs.mkdir(path.dirname(options.dataDir), { recursive: true });
  const pglite = options.dataDir ? await PGlite.create(options.dataDir) : await PGlite.create();
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    kind: 'pglite',
    pglite,
    ping: async () => void (await sql`select 1`.execute(db)),
    close: () => db.destroy(),
  };
}
