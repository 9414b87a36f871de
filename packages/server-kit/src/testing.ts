import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Integration tests run on PGlite always, and on PostgreSQL when TEST_POSTGRES_URL names a server
 * (the test command sets it; in CI PostgreSQL is required). Each test file gets its own database.
 */
export type DatabaseKind = 'pglite' | 'postgres';

export function databaseKinds(): DatabaseKind[] {
  return process.env.TEST_POSTGRES_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestDatabase {
  /** postgres://… or undefined for an in-memory PGlite. */
  url: string | undefined;
  drop(): Promise<void>;
}

export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') return { url: undefined, drop: async () => {} };
  const adminUrl = process.env.TEST_POSTGRES_URL;
  if (!adminUrl) throw new Error('TEST_POSTGRES_URL is not set');
  const name = `careers_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
