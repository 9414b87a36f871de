import { chromium, type BrowserServer } from 'playwright-core';

/** Debian's Chromium (STACK.md: Playwright's own browser download cannot work here). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

/**
 * One Chromium per worker for the whole run (docs/decisions/0468): a launch costs about a second of CPU,
 * and each file used to launch its own. Files connect to their worker's (browser.ts launchBrowser) and
 * keep to their own contexts. E2E_BROWSER_PER_FILE=1 starts none: each file launches its own again.
 */
export async function startSharedBrowsers(workers: number): Promise<BrowserServer[]> {
  if (process.env.E2E_BROWSER_PER_FILE === '1') return [];
  return Promise.all(
    Array.from({ length: Math.max(1, workers) }, () =>
      chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS }),
    ),
  );
}
