import { createTestDatabase, type DatabaseKind } from '@careers/server-kit/testing';
import { createLogger } from '@careers/server-kit/logger';
import { buildApp, openDependencies } from '../src/app';
import { loadConfig } from '../src/config';

/** The identity app, built as in production, on a fresh migrated database of the given kind. */
export async function startTestApp(kind: DatabaseKind, env: Record<string, string> = {}) {
  const testDb = await createTestDatabase(kind);
  const config = loadConfig({ LOG_LEVEL: 'silent', ...(testDb.url ? { IDENTITY_DATABASE_URL: testDb.url } : {}), ...env });
  // In-memory PGlite: no data folder in tests.
  config.database.dataDir = undefined as unknown as string;
  const logger = createLogger('identity', config.logLevel);
  const deps = await openDependencies(config, logger);
  const app = await buildApp(config, deps, logger);
  await app.ready();
  return {
    app,
    config,
    deps,
    async close() {
      await app.close();
      await testDb.drop();
    },
  };
}
