import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit and integration suites of every workspace; the browser suite (e2e/) runs on its own.
export default defineConfig({
  test: {
    // Vitest's default is one core fewer than the machine has: a single worker on a 2-core machine,
    // while most integration files wait on PGlite, child processes and timers. One worker per core.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      'scripts/vitest.config.ts',
      'packages/*/vitest.config.ts',
      'services/*/vitest.config.ts',
      'apps/web/vitest.config.ts',
    ],
  },
});
