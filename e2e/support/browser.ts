import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Download,
  type Page,
} from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { afterAll, afterEach, beforeAll, inject, onTestFailed } from 'vitest';

export { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

/**
 * The browser for a test file: the Chromium its worker shares (global-setup.ts starts one per worker and
 * VITEST_POOL_ID picks it, so two files never share one at once), connected to; closing it closes this
 * file's contexts and disconnects. With E2E_BROWSER_PER_FILE=1 (or no shared ones) the file launches its own.
 * Connected remotely, a download's path() is not available: read it with downloadedBytes.
 */
export function launchBrowser(): Promise<Browser> {
  const endpoints = inject('browserEndpoints') ?? [];
  if (endpoints.length === 0) return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const pool = Number(process.env.VITEST_POOL_ID ?? '1');
  return chromium.connect(endpoints[(pool - 1) % endpoints.length]!);
}

/** A finished download's bytes (download.path() is the launching machine's; this reads through the connection). */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 360, height: 740 } as const;

/** A fresh context (own cookies and storage) whose relative page.goto paths resolve against the portal. */
export function newPortalContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ baseURL: inject('stack').portalUrl, viewport: DESKTOP, ...options });
}

/**
 * A page in a fresh context, watched: navigations, console errors, page errors, failed requests and
 * HTTP errors are recorded, and when the current test fails they are printed with the page's last
 * address and text, so a failure says what the browser saw. Call inside a test; close with
 * page.context().close() (in afterEach is fine: the page's last state is kept when it closes).
 */
export async function openPortalPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await newPortalContext(browser, options);
  const page = await openWatchedPage(context);
  const close = context.close.bind(context);
  context.close = async (closeOptions) => {
    await snapshots.get(page)?.();
    return close(closeOptions);
  };
  return page;
}

const snapshots = new WeakMap<Page, () => Promise<void>>();

/**
 * A new page in an existing context, watched as openPortalPage's are; close it with page.close() (or its
 * context). For tests that share one visitor's context (nothing signed in, nothing stored that a test
 * reads): its HTTP cache stays warm, so the portal's scripts are not fetched and compiled again per page.
 */
export async function openWatchedPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const opened = Date.now();
  const events: string[] = [];
  const note = (event: string) => events.push(`${((Date.now() - opened) / 1000).toFixed(1)}s ${event}`);
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      note(`console.${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => note(`page error: ${error.message}`));
  page.on('requestfailed', (request) =>
    note(`request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText})`),
  );
  page.on('response', (response) => {
    if (response.status() >= 400) note(`HTTP ${response.status()}: ${response.request().method()} ${response.url()}`);
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) note(`at ${frame.url()}`);
  });

  // Vitest runs afterEach before onTestFailed, so the page's state is taken as it (or its context) closes.
  let last = { url: '', text: '' };
  const snapshot = async () => {
    if (page.isClosed()) return;
    last = {
      url: page.url(),
      text: await page
        .locator('body')
        .innerText({ timeout: 2_000 })
        .catch(() => '(unreadable)'),
    };
  };
  snapshots.set(page, snapshot);
  const close = page.close.bind(page);
  page.close = async (closeOptions) => {
    await snapshot();
    return close(closeOptions);
  };
  onTestFailed(async () => {
    await snapshot();
    console.log(
      [`--- browser at failure: ${last.url}`, ...events, '--- page text:', last.text.slice(0, 1_500), '---'].join('\n'),
    );
  });
  return page;
}

/**
 * One browser for a test file and a fresh, watched page per call, each page's context closed after
 * its test. Call at the top of the file; the returned function opens a page.
 */
export function usePortalPages(): (options?: BrowserContextOptions) => Promise<Page> {
  let browser: Browser | undefined;
  const pages: Page[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    await Promise.all(pages.splice(0).map((page) => page.context().close()));
  });
  return async (options = {}) => {
    if (!browser) throw new Error('usePortalPages: the browser is not started (open pages inside tests)');
    const page = await openPortalPage(browser, options);
    pages.push(page);
    return page;
  };
}
