import type { TestProject } from 'vitest/node';
import { startSharedBrowsers } from './chromium';
import { postgresReachable, startStack, type StackInfo } from './stack';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
    /** The shared Chromiums' addresses, one per worker (chromium.ts); empty when each file launches its own. */
    browserEndpoints: string[];
  }
}

/**
 * Once per run: build the portal, start identity, candidate and portal on free ports with a fresh
 * DATA_DIR and an SMTP sink, hand their addresses to the tests, and stop it all afterwards.
 * startStack cleans up by itself when it fails half-way.
 *
 * The services' databases: fresh ones on the PostgreSQL of TEST_POSTGRES_URL when it answers (the test
 * command sets it whenever PostgreSQL is reachable, and CI always has it), else the embedded PGlite.
 * PGlite is PostgreSQL compiled to WebAssembly, one thread in each service's process: on PostgreSQL the
 * services spend about half the CPU per browser test (docs/decisions/0450). The service integration tests
 * run on both databases; E2E_DATABASE=pglite keeps the browser stack on PGlite all the same.
 */
export default async function setup(project: TestProject) {
  const started = Date.now();
  const postgresUrl = await browserStackPostgres();
  // E2E_PORTAL_DIST=apps/web/dist reuses an existing build instead of building a private one.
  const stack = await startStack({ portalDist: process.env.E2E_PORTAL_DIST || undefined, postgresUrl });
  console.log(
    `[e2e] stack ready in ${Date.now() - started} ms on ${postgresUrl ? 'PostgreSQL' : 'PGlite'}: portal ${stack.portalUrl}, logs in ${stack.logsDir}`,
  );
  const { stop, ...info } = stack;
  project.provide('stack', info);
  let browsers: Awaited<ReturnType<typeof startSharedBrowsers>> = [];
  try {
    browsers = await startSharedBrowsers(Number(project.config.maxWorkers) || 1);
  } catch (error) {
    await stop();
    throw error;
  }
  project.provide(
    'browserEndpoints',
    browsers.map((browser) => browser.wsEndpoint()),
  );
  return async () => {
    await Promise.all(browsers.map((browser) => browser.close().catch(() => {})));
    await stop();
  };
}

async function browserStackPostgres(): Promise<string | undefined> {
  const url = process.env.TEST_POSTGRES_URL;
  if (!url || process.env.E2E_DATABASE === 'pglite') return undefined;
  if (await postgresReachable(url)) return url;
  console.log(`[e2e] PostgreSQL does not answer at TEST_POSTGRES_URL: the browser stack runs on PGlite`);
  return undefined;
}
