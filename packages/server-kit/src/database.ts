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
   * Errors of idle pooled connections (the server restarted, an administrator ended them). The pool
   * drops such a client and opens a new one on demand; unhandled, the error would end the process.
   */
  onIdleError?: (err: Error) => void;
}

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
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    pool.on('error', (err) => options.onIdleError?.(err));
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
