/**
 * `npm run db:migrate [identity|candidate]`: applies each service's SQL migrations to its configured
 * database (IDENTITY_DATABASE_URL / CANDIDATE_DATABASE_URL, or the embedded PGlite under DATA_DIR); both
 * services without an argument.
 *
 * Production runs it compiled, once per service (scripts/build-servers.mjs writes
 * services/<part>/dist/migrate.js, fixed to that part): the careers-migrate@<part> unit runs it as the
 * part's own user with the part's own secrets, so neither service's migration needs the other's.
 */
import { openDatabase } from '@careers/server-kit/database';
import { migrateToLatest } from '@careers/server-kit/migrations';
import { loadConfig as loadIdentityConfig, migrationsFolder as identityMigrations } from '@careers/identity/public';
import { loadConfig as loadCandidateConfig, migrationsFolder as candidateMigrations } from '@careers/candidate/public';

/** Set by the compiled build: the one part this file migrates (its migrations folder sits beside it). */
declare const __MIGRATE_PART__: string | undefined;

const targets = {
  identity: () => ({ database: loadIdentityConfig().database, folder: identityMigrations }),
  candidate: () => ({ database: loadCandidateConfig().database, folder: candidateMigrations }),
};
type Part = keyof typeof targets;
const isPart = (name: string | undefined): name is Part => name === 'identity' || name === 'candidate';

const compiledFor = typeof __MIGRATE_PART__ === 'string' ? __MIGRATE_PART__ : undefined;
const asked = process.argv[2];
if ((asked !== undefined && !isPart(asked)) || (compiledFor && asked && asked !== compiledFor)) {
  console.error(`usage: db-migrate [${compiledFor ?? 'identity|candidate'}]`);
  process.exit(2);
}
const chosen = compiledFor ?? asked;
const parts: Part[] = isPart(chosen) ? [chosen] : ['identity', 'candidate'];

for (const name of parts) {
  const target = targets[name]();
  const database = await openDatabase(target.database);
  try {
    const applied = await migrateToLatest(database.db, target.folder, name);
    const where = target.database.url ? 'PostgreSQL' : `PGlite at ${target.database.dataDir}`;
    console.log(`${name} (${where}): ${applied.length ? `applied ${applied.join(', ')}` : 'up to date'}`);
  } finally {
    await database.close();
  }
}
