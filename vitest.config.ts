import { defineConfig } from 'vitest/config';

// Unit and integration suites of every workspace; the browser suite (e2e/) runs on its own.
//
// Vitest gives each project its own `maxWorkers` (default: one core fewer than the machine has, a single
// worker on a 2-core machine) and does not pass this file's settings down to them: every project config
// sets `maxWorkers: '100%'`, one worker per core. Most files wait on PGlite, child processes and timers,
// and one file's imports and environment are set up while another runs.
export default defineConfig({
  test: {
    maxWorkers: '100%',
    projects: [
      'scripts/vitest.config.ts',
      'packages/*/vitest.config.ts',
      'services/*/vitest.config.ts',
      'apps/web/vitest.config.ts',
    ],
  },
});
