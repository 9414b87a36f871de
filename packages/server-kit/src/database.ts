import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
  if (!dataDir) return PGlite.create({ ...PGLITE_SETTINGS, loadDataDir: await emptyCluster() });
  await fs.mkdir(path.dirname(dataDir), { recursive: true });
  const exists = await fs.stat(path.join(dataDir, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
  // Creating the files leaves some 400 MB in the process that did it, for good: a short-lived child
  // process does it instead, and this one only ever opens an existing database.
  if (!exists) await runPgliteChild(CREATE_IN_CHILD, dataDir, await emptyClusterFile());
  return PGlite.create(dataDir, PGLITE_SETTINGS);
}

/**
 * A new database starts as a copy of an empty cluster instead of running initdb: initdb takes 3 to 8
 * seconds on a 2-core machine, loading the copy about one, and every test file opens at least one
 * in-memory database. The copy is made once per PGlite version, settings and user (by a child process,
 * as above) and kept in the system's temp folder, readable by its user only; written under a temporary
 * name and renamed, so a reader never sees half of it. docs/decisions/0300.
 */
function emptyClusterFile(): Promise<string> {
  emptyClusterPath ??= (async () => {
    const key = createHash('sha256')
      .update(`${await pgliteVersion()}\0${JSON.stringify(PGLITE_SETTINGS)}`)
      .digest('hex')
      .slice(0, 16);
    const uid = process.getuid?.() ?? 0;
    const file = path.join(os.tmpdir(), `careers-pglite-empty-${key}-${uid}.tar`);
    // Only a copy this user made is loaded: the temp folder is shared, and a file planted under the name by
    // someone else would become every new database.
    const found = await fs.lstat(file).catch(() => null);
    const ours = found?.isFile() && found.uid === uid && (found.mode & 0o022) === 0 && found.size > 0;
    if (ours) return file;
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await runPgliteChild(DUMP_IN_CHILD, partial, '');
    await fs.chmod(partial, 0o600);
    // Someone else's file under the name stays where it is (the temp folder's sticky bit): ours is used.
    if (found) return partial;
    await fs.rename(partial, file);
    return file;
  })();
  emptyClusterPath.catch(() => {
    emptyClusterPath = undefined;
  });
  return emptyClusterPath;
}
let emptyClusterPath: Promise<string> | undefined;

async function emptyCluster(): Promise<Blob> {
  return new Blob([await fs.readFile(await emptyClusterFile())]);
}

/** The installed PGlite's version (its package.json, found above its entry file: the package exports no such path). */
async function pgliteVersion(): Promise<string> {
  let dir = path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
  for (;;) {
    const manifest = await fs.readFile(path.join(dir, 'package.json'), 'utf8').then(
      (text) => JSON.parse(text) as { name?: string; version?: string },
      () => undefined,
    );
    if (manifest?.name === '@electric-sql/pglite' && manifest.version) return manifest.version;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('the installed PGlite has no package.json');
    dir = parent;
  }
}

const CREATE_IN_CHILD = `
const [moduleUrl, dataDir, settings, template] = process.argv.slice(1);
const { PGlite } = await import(moduleUrl);
const { readFile } = await import('node:fs/promises');
const loadDataDir = new Blob([await readFile(template)]);
const pglite = await PGlite.create(dataDir, { ...JSON.parse(settings), loadDataDir });
await pglite.close();
`;

const DUMP_IN_CHILD = `
const [moduleUrl, file, settings] = process.argv.slice(1);
const { PGlite } = await import(moduleUrl);
const { writeFile } = await import('node:fs/promises');
const pglite = await PGlite.create(JSON.parse(settings));
const dump = await pglite.dumpDataDir('none');
await pglite.close();
await writeFile(file, Buffer.from(await dump.arrayBuffer()));
`;

function runPgliteChild(script: string, target: string, template: string): Promise<void> {
  const args = [
    '--input-type=module',
    '-e',
    script,
    import.meta.resolve('@electric-sql/pglite'),
    target,
    JSON.stringify(PGLITE_SETTINGS),
    template,
  ];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { timeout: 120_000 }, (error, _stdout, stderr) =>
      error
        ? reject(new Error(`creating the embedded database in ${target} failed: ${stderr.trim() || error.message}`))
        : resolve(),
    );
  });
}
