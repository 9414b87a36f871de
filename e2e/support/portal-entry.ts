/**
 * The portal's own server (apps/web/server) serving a private copy of the build.
 *
 * apps/web/server/server.ts always serves apps/web/dist and reads index.html once at start; when
 * anyone rebuilds the portal while a suite runs (a teammate, `npm start`, the Lighthouse script), the
 * shared dist gets new asset names and every page of the running suite 404s on its script. So the
 * stack builds into its own folder and starts the same server code through its exported
 * buildPortalServer, only with distDir pointing there (E2E_PORTAL_DIST).
 * TODO: start apps/web/server/server.ts directly once it takes its dist folder from the environment.
 */
import { parsePortalEnv } from '../../apps/web/server/config';
import { buildPortalServer } from '../../apps/web/server/server';

const distDir = process.env.E2E_PORTAL_DIST;
const parsed = parsePortalEnv(process.env);
if (!distDir || !parsed.ok) {
  console.error(distDir ? `Invalid portal configuration:\n  ${parsed.ok ? '' : parsed.problems.join('\n  ')}` : 'E2E_PORTAL_DIST is not set');
  process.exit(2);
}
const config = { ...parsed.config, distDir };
const app = await buildPortalServer(config, { logger: false });
const shutdown = () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
await app.listen({ port: config.port, host: config.host });
