import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    maxWorkers: '100%',
    name: 'identity',
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite boots in seconds; files run in parallel workers, tests in a file share one database.
    pool: 'forks',
    // A worker process serves file after file instead of one process per file: starting it, importing
    // the service's libraries and PGlite's first boot in it were about 40% of the project's CPU. The files
    // keep no state between them: each starts its own app and database and closes them; src/ keeps only
    // caches (the dummy password hash).
    isolate: false,
  },
});
