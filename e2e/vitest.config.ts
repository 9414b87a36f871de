import { defineConfig } from 'vitest/config';
import './support/node20-polyfills.ts';
import { WAIT_MS } from './support/waits';

// The browser suite: one shared stack (started by the global setup) and real Chromium. Two files run at
// once, each with its own Chromium: every test makes its own accounts, jobs and addresses, the mail sink
// is read by address, and the stack's per-client limits are raised for the run, so files do not meet.
// Most of a browser test is waiting (page loads, polls, e-mails), which the other file uses. Timeouts
// allow for page loads, e-mails and a cold PGlite on a busy machine. expect.poll waits as long as a
// locator's own wait would (Vitest's default second was shorter than a hydration on a loaded machine: a
// click before hydration is replayed after it, and a poll that gave up at 1 s failed CI).
//
// The waits are sized for the slowest host CI has met, not the idle one (decision 0481): on one, the browser
// phase took 3,783 s against an idle host's 492 s, and seven tests failed only by running out of time (60 s a
// test, 15 s for a page to show). A longer wait costs nothing when a test passes; a page that never shows
// still fails, and CI's 90 minutes bound the whole run. Waits inside tests use the same WAIT_MS.
export default defineConfig({
  test: {
    expect: { poll: { timeout: WAIT_MS, interval: 100 } },
    name: 'e2e',
    include: ['tests/**/*.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    maxWorkers: 2,
    testTimeout: 180_000,
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
  },
});
