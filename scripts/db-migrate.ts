/**
 * `npm run db:migrate`: applies each service's SQL migrations to its configured database
 * (IDENTITY_DATABASE_URL / CANDIDATE_DATABASE_URL, or the embedded PGlite under DATA_DIR).
 */
import { openDatabase } from '@careers/server-kit/database';
import { migrateToLatest } from '@careers/server-kit/migrations';
import { loadConfig as loadIdentityConfig, migrationsFolder as identityMigrations } from '@careers/identity/public';
import { loadConfig as loadCandidateConfig, migrationsFolder as candidateMigrations } from '@careers/candidate/public';

const targets = [
  { name: 'identity', database: loadIdentityConfig().database, folder: identityMigrations },
  { name: 'candidate', database: loadCandidateConfig().database, folder: candidateMigrations },
];

for (const target of targets) {
  const database = await openDatabase(target.database);
  try {
    const applied = await migrateToLatest(database.db, target.folder, target.name);
    const where = target.database.url ? 'PostgreSQL' : `PGlite at ${target.database.dataDir}`;
    console.log(`${target.name} (${where}): ${applied.length ? `applied ${applied.join(', ')}` : 'up to date'}`);
  } finally {
    await database.close();
  }
}
