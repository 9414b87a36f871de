import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/** Waits (3 s at most) until the page's animations and transitions that end have ended (not a looping spinner). */
async function settled(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
          ),
      null,
      { timeout: 3_000 },
    )
    .catch(() => {});
}

/**
 * Runs axe on the page as it is now (WCAG 2.1 A and AA) and fails listing every violation readably. A toast
 * or dialog fading in or out has the contrast of its frames between: axe reads the page once what moves has
 * stopped, and reads it again (three times at most) when something started to move while it read, such as a
 * toast's exit after its 3 seconds.
 */
export async function expectNoAxeViolations(page: Page, label = page.url()): Promise<void> {
  let listed = '';
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await settled(page);
    await page.evaluate(() => {
      const w = window as unknown as { axeSawMotion?: boolean };
      w.axeSawMotion = false;
      const saw = () => (w.axeSawMotion = true);
      for (const type of ['transitionstart', 'transitionrun', 'animationstart'])
        document.addEventListener(type, saw, { capture: true, once: true });
    });
    const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    listed = formatViolations(results.violations);
    const moved = await page.evaluate(() => (window as unknown as { axeSawMotion?: boolean }).axeSawMotion === true);
    if (listed === '' || !moved) break;
  }
  // Compared as text so a failure prints the readable list rather than axe's whole result objects.
  expect(listed, `axe violations on ${label}`).toBe('');
}

export function formatViolations(violations: AxeResults['violations']): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map((n) => `      ${n.target.join(' ')}\n        ${n.failureSummary?.replace(/\n/g, '\n        ') ?? ''}`)
        .join('\n');
      const more = v.nodes.length > 5 ? `\n      …and ${v.nodes.length - 5} more` : '';
      return `  [${v.impact ?? 'n/a'}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}${more}`;
    })
    .join('\n');
}
