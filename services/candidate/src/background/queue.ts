import type { PGlite } from '@electric-sql/pglite';
import { PgBoss, type Db } from 'pg-boss';
import type { Database } from '@careers/server-kit/database';
import type { Logger } from '@careers/server-kit/logger';
import type { CandidateDatabase } from '../db';

export const QUEUES = { cvParse: 'cv-parse', contactForward: 'contact-forward' } as const;

/**
 * pg-boss on PGlite, through our dialect's mutex (docs/decisions/0020-candidate-queue-on-pglite.md).
 * pg-boss's own PGlite adapter would talk to the single connection directly and could land its
 * statements inside one of our open transactions; here each of its statements first takes the same
 * connection lease as a Kysely query, so it runs between our transactions, never inside one.
 */
function pgliteThroughMutex(database: Database<CandidateDatabase>, pglite: PGlite): Db {
  const run = async (text: string, values?: unknown[]) => {
    if (values?.length) return pglite.query(text, values);
    // Unparameterized text may hold several statements (pg-boss's locked blocks and migrations);
    // keep every statement's rows, as node-postgres would.
    const results = await pglite.exec(text);
    return { rows: results.flatMap((r) => r.rows ?? []) };
  };
  return {
    executeSql: (text, values) =>
      database.db.connection().execute(async () => {
        try {
          return await run(text, values);
        } catch (err) {
          // A failed statement inside pg-boss's BEGIN…COMMIT block would leave the one connection in
          // an aborted transaction and poison our next query: roll it back before letting go.
          await pglite.query('rollback').catch(() => undefined);
          throw err;
        }
      }),
  };
}

export async function startQueue(
  database: Database<CandidateDatabase>,
  url: string | undefined,
  logger: Logger,
  contactRetryDelaySeconds: number,
): Promise<PgBoss> {
  const common = { schema: 'pgboss', schedule: false, supervise: true } as const;
  const boss =
    database.kind === 'pglite' && database.pglite
      ? new PgBoss({ ...common, db: pgliteThroughMutex(database, database.pglite), backend: 'pglite' })
      : new PgBoss({ ...common, connectionString: url, max: 4 });
  boss.on('error', (err) => logger.error({ err }, 'background queue error'));
  await boss.start();
  // An extraction ends within its worker's deadline; a job still active well past it belonged to a
  // process that died, and is retried (the attempt count on the CV row stops that repeating).
  const cvParse = { retryLimit: 2, retryDelay: 5, retryBackoff: true, expireInSeconds: 300 };
  await boss.createQueue(QUEUES.cvParse, cvParse);
  // createQueue leaves an existing queue as it was: databases made before these settings get them here.
  await boss.updateQueue(QUEUES.cvParse, cvParse);
  // Contact e-mails retry for about a day before giving up (the message itself stays stored).
  await boss.createQueue(QUEUES.contactForward, {
    retryLimit: 12,
    retryDelay: contactRetryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: 3600,
  });
  return boss;
}
