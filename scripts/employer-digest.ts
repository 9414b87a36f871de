/**
 * `npm run employer-digest`: sends today's employer digests now, whatever the hour (docs/decisions/0497),
 * to each member whose digest of their local day has not gone yet; a member's digest still goes once a
 * day, so running it twice, or beside the service's own pass, sends nothing twice. Reads the candidate
 * service's configuration. On the embedded PGlite, stop the service first (one process holds that database).
 *
 * Production runs it compiled, as the candidate's user with its secrets:
 * `node services/candidate/dist/employer-digest.js` (scripts/build-servers.mjs writes it).
 */
import { createLogger } from '@careers/server-kit/logger';
import { openDatabase } from '@careers/server-kit/database';
import { createMailTransport } from '@careers/server-kit/mail';
import { loadConfig, sendDailyDigests, type CandidateDatabase } from '@careers/candidate/public';

const config = loadConfig();
const logger = createLogger('candidate', config.logLevel);
const database = await openDatabase<CandidateDatabase>(config.database);
const mail = createMailTransport({
  smtpUrl: config.smtpUrl,
  from: config.mailFrom,
  logger,
  outboxDir: config.devOutboxDir,
});
try {
  const sent = await sendDailyDigests(
    { db: database.db, mail, now: Date.now, logger, portalUrl: config.portalUrl, contactEmail: config.contactEmail },
    new Date(),
    true,
  );
  console.log(`employer digests: ${sent} sent`);
} finally {
  await mail.close();
  await database.close();
}
