import fs from 'node:fs/promises';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';

/**
 * One set of plain SQL migrations (NNNN-name.sql) for PGlite and PostgreSQL alike. Each file runs in
 * its own transaction; Kysely's migrator records what ran and takes a lock so that several instances
 * starting at once migrate once.
 */
class SqlFileMigrationProvider implements MigrationProvider {
  constructor(private readonly folder: string) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await fs.readdir(this.folder)).filter((f) => f.endsWith('.sql')).sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      const text = await fs.readFile(path.join(this.folder, file), 'utf8');
      migrations[file.replace(/\.sql$/, '')] = {
        up: async (db) => {
          await sql.raw(text).execute(db);
        },
      };
    }
    return migrations;
  }
}

/** `service` names the bookkeeping tables, so two services may even share one database. */
export async function migrateToLatest(db: Kysely<unknown>, folder: string, service: string): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: new SqlFileMigrationProvider(folder),
    migrationTableName: `${service}_migration`,
    migrationLockTableName: `${service}_migration_lock`,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
