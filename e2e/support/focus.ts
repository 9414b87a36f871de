import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { WAIT_MS } from './waits';

interface Focused {
  /** The focused element's words, spaces made single; null while the focus is on the body. */
  words: string | null;
  /** Whether any of it is on screen, so a sighted keyboard user sees where they are. */
  onScreen: boolean;
}

function readFocus(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (!active || active === document.body) return { words: null, onScreen: false };
    const box = active.getBoundingClientRect();
    return {
      words: active.innerText.replace(/\s+/g, ' ').trim(),
      onScreen: box.bottom > 0 && box.top < window.innerHeight && box.right > 0 && box.left < window.innerWidth,
    };
  });
}

/**
 * Waits until the focus is on the result of the action just made (docs/decisions/0541): an element, not the
 * body, whose words hold `words`, and which is on screen.
 */
export async function expectFocusOn(page: Page, words: string): Promise<void> {
  await expect.poll(async () => (await readFocus(page)).words ?? '', { timeout: WAIT_MS }).toContain(words);
  expect((await readFocus(page)).onScreen).toBe(true);
}
