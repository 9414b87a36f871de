import { defineConfig } from 'vitest/config';
import './support/node20-polyfills.ts';

// The browser suite: one shared stack (started by the global setup) and real Chromium. Two files run at
// once, each with its own Chromium: every test makes its own accounts, jobs and addresses, the mail sink
// is read by address, and the stack's per-client limits are raised for the run, so files do not meet.
// Most of a browser test is waiting (page loads, polls, e-mails), which the other file uses. Timeouts
// allow for page loads, e-mails and a cold PGlite on a busy machine. expect.poll waits as long as a
// locator's own wait would (Vitest's default second was shorter than a hydration on a loaded machine: a
// click before hydration is replayed after it, and a poll that gave up at 1 s failed CI).
export default defineConfig({
  test: {
    expect: { poll: { timeout: 15_000, interval: 100 } },
    name: 'e2e',
    include: ['tests/**/*.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
  },
});
