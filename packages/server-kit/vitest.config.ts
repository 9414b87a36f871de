import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    maxWorkers: '100%',
    name: 'server-kit',
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A worker process serves file after file instead of one process per file (each file closes what it
    // opens; lifecycle.test.ts restores the process.exit it mocks): about a quarter of the project's CPU.
    isolate: false,
  },
});
