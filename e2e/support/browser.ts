import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { inject, onTestFailed } from 'vitest';

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

/**
 * A page in a fresh context, watched: console errors, page errors, failed requests and HTTP errors are
 * recorded, and when the current test fails they are printed with the page's address and text, so a
 * failure says what the browser saw. Call inside a test; close with page.context().close().
 */
export async function openPortalPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await newPortalContext(browser, options);
  const page = await context.newPage();
  const events: string[] = [];
  const at = () => `${((Date.now() - opened) / 1000).toFixed(1)}s`;
  const opened = Date.now();
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') events.push(`${at()} console.${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => events.push(`${at()} page error: ${error.message}`));
  page.on('requestfailed', (request) => events.push(`${at()} request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText})`));
  page.on('response', (response) => {
    if (response.status() >= 400) events.push(`${at()} HTTP ${response.status()}: ${response.request().method()} ${response.url()}`);
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) events.push(`${at()} at ${frame.url()}`);
  });
  onTestFailed(async () => {
    const text = page.isClosed() ? '(page closed)' : await page.locator('body').innerText({ timeout: 2_000 }).catch(() => '(unreadable)');
    console.log(
      [`--- browser at failure: ${page.isClosed() ? '' : page.url()}`, ...events, '--- page text:', text.slice(0, 1_500), '---'].join('\n'),
    );
  });
  return page;
}
