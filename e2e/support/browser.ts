import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';
import { inject } from 'vitest';

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

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 360, height: 740 } as const;

/** A fresh context (own cookies and storage) whose relative page.goto paths resolve against the portal. */
export function newPortalContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ baseURL: inject('stack').portalUrl, viewport: DESKTOP, ...options });
}
