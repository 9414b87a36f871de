import type { TestProject } from 'vitest/node';
import { startStack, type StackInfo } from './stack';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}

/**
 * Once per run: build the portal, start identity, candidate and portal on free ports with a fresh
 * DATA_DIR and an SMTP sink, hand their addresses to the tests, and stop it all afterwards.
 * startStack cleans up by itself when it fails half-way.
 */
export default async function setup(project: TestProject) {
  const started = Date.now();
  // E2E_PORTAL_DIST=apps/web/dist reuses an existing build instead of building a private one.
  const stack = await startStack({ portalDist: process.env.E2E_PORTAL_DIST || undefined });
  console.log(`[e2e] stack ready in ${Date.now() - started} ms: portal ${stack.portalUrl}, logs in ${stack.logsDir}`);
  const { stop, ...info } = stack;
  project.provide('stack', info);
  return stop;
}
