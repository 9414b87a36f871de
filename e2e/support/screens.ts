/**
 * Looking at a page as a person would before a screenshot is kept for them: nothing sticks out sideways,
 * axe finds no violation, and a full-page screenshot goes to e2e/.screenshots/<folder>/<width>-<name>.png.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll } from 'vitest';
import { expectNoSidewaysScroll } from './apply-flows';
import { expectNoAxeViolations } from './axe';

export type Look = (page: Page, name: string, label: string) => Promise<void>;

/** Call at the top of a test file: the folder is made before its tests; `label` is the viewport's ('360 px'). */
export function useLooks(folder: string): Look {
  const screenshots = path.resolve(import.meta.dirname, '..', '.screenshots', folder);
  beforeAll(() => {
    mkdirSync(screenshots, { recursive: true });
  });
  return async (page, name, label) => {
    await expectNoSidewaysScroll(page, `${name} at ${label}`);
    await expectNoAxeViolations(page, `${name} at ${label}`);
    await page.screenshot({ path: path.join(screenshots, `${label.replace(' ', '')}-${name}.png`), fullPage: true });
  };
}
