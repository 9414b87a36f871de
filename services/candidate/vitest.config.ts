import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    maxWorkers: '100%',
    name: 'candidate',
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite boots in seconds; files run in parallel workers, tests in a file share one database.
    pool: 'forks',
  },
});
