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
    // A worker process serves file after file instead of one process per file: starting it, importing
    // the service's libraries and PGlite's first boot in it were a large part of the project's CPU.
    // Each file still gets fresh modules of src/ (test/setup.ts), as in a process of its own.
    isolate: false,
    setupFiles: ['./test/setup.ts'],
  },
});
