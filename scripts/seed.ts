/**
 * `npm run seed`: creates (or completes) the demo employers, their logos and jobs through the running
 * identity and candidate services, and prints each job's apply link.
 */
import { DEMO_PASSWORD, DEMO_BUSINESSES, seedDemo } from './seed-demo';

const portalUrl = process.env.PORTAL_URL ?? `http://localhost:${process.env.WEB_PORT ?? 3000}`;
const identityUrl = process.env.IDENTITY_URL ?? `http://localhost:${process.env.IDENTITY_PORT ?? 3001}`;
const candidateUrl = process.env.CANDIDATE_URL ?? `http://localhost:${process.env.CANDIDATE_PORT ?? 3002}`;

try {
  const links = await seedDemo({ identityUrl, candidateUrl, portalUrl, onlyIfEmpty: false });
  console.log('Demo jobs (apply links):');
  for (const link of links) console.log(`  ${link}`);
  console.log(
    `\nDemo employers sign in with password "${DEMO_PASSWORD}": ${DEMO_BUSINESSES.map((b) => b.email).join(', ')}`,
  );
} catch (err) {
  console.error(
    `Seeding failed (are the services running? ${identityUrl}, ${candidateUrl}):`,
    err instanceof Error ? err.message : err,
  );
  process.exit(1);
}
