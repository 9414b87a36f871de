import { execFile } from 'node:child_process';
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
  /** PostgreSQL only: give up on opening a connection after this long (the server is unreachable). */
  connectTimeoutMs?: number;
  /**
   * PostgreSQL only: how long a query may wait for a pooled connection when all are busy (a burst)
   * before it fails as unavailable. A new connection still fails within connectTimeoutMs.
   */
  poolWaitMs?: number;
  /** PostgreSQL only: the server cancels any single statement that runs longer. */
  statementTimeoutMs?: number;
}

/**
 * Short enough that a request fails with 503 within a few seconds while the server is unreachable,
 * long enough for a busy server to hand out a connection.
 */
const CONNECT_TIMEOUT_MS = 3000;
/**
 * A healthy server whose pool is busy (hundreds of sign-ups at once) serves everyone in turn: waiting
 * for a free connection is not the server being away, and 3 s of queue turned a burst into 503s
 * (scripts/load-apply.ts, docs/decisions/0137).
 */
const POOL_WAIT_MS = 15_000;
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
    const connectTimeoutMs = options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
    // pg-pool has one setting for both waits: its connectionTimeoutMillis bounds the wait for a free
    // connection, and each new client bounds its own connection attempt with the shorter timeout.
    class PoolClient extends pg.Client {
      constructor(config: pg.ClientConfig = {}) {
        super({ ...config, connectionTimeoutMillis: connectTimeoutMs });
      }
    }
    const pool = new pg.Pool({
      Client: PoolClient,
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: Math.max(options.poolWaitMs ?? POOL_WAIT_MS, connectTimeoutMs),
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
  const pglite = await openPglite(options.dataDir);
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    kind: 'pglite',
    pglite,
    ping: async () => void (await sql`select 1`.execute(db)),
    close: () => db.destroy(),
  };
}

/**
 * PGlite sizes itself like a server (shared_buffers 160 MB), while an embedded database of one
 * service stays small: a few MB of buffers serve it as well. docs/decisions/0065.
 */
const PGLITE_SETTINGS = { postgresqlconf: 'shared_buffers=32MB' };

async function openPglite(dataDir: string | undefined): Promise<PGlite> {
  if (!dataDir) return PGlite.create(PGLITE_SETTINGS);
  await fs.mkdir(path.dirname(dataDir), { recursive: true });
  const exists = await fs.stat(path.join(dataDir, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
  // Creating the files (initdb) leaves some 400 MB in the process that did it, for good: a short-lived
  // child process does it instead, and this one only ever opens an existing database.
  if (!exists) await createPgliteFiles(dataDir);
  return PGlite.create(dataDir, PGLITE_SETTINGS);
}

const CREATE_IN_CHILD = `
const [moduleUrl, dataDir, settings] = process.argv.slice(1);
const { PGlite } = await import(moduleUrl);
const pglite = await PGlite.create(dataDir, JSON.parse(settings));
await pglite.close();
`;

function createPgliteFiles(dataDir: string): Promise<void> {
  const args = [
    '--input-type=module',
    '-e',
    CREATE_IN_CHILD,
    import.meta.resolve('@electric-sql/pglite'),
    dataDir,
    JSON.stringify(PGLITE_SETTINGS),
  ];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { timeout: 120_000 }, (error, _stdout, stderr) =>
      error
        ? reject(new Error(`creating the embedded database in ${dataDir} failed: ${stderr.trim() || error.message}`))
        : resolve(),
    );
  });
}
