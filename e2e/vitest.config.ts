import { defineConfig } from 'vitest/config';
import './support/node20-polyfills.ts';

// The browser suite: one shared stack (started by the global setup) and real Chromium, so files run
// one after another and timeouts allow for page loads, e-mails and a cold PGlite.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/**/*.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
  },
});
