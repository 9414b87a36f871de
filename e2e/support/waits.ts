import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * How long a browser test waits for something that should happen: a page or an element to show, a poll to
 * pass, an e-mail to arrive (docs/decisions/0481). Sized for the slowest host CI has met; a wait that runs
 * out still fails the test, so a longer one costs nothing when the product works.
 */
export const WAIT_MS = 45_000;

/** Polls until the page is at `path` (pathname only). */
export async function expectPath(page: Page, path: string, timeout = WAIT_MS): Promise<void> {
  await expect.poll(() => new URL(page.url()).pathname, { timeout }).toBe(path);
}
