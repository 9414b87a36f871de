import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/** Runs axe on the page as it is now (WCAG 2.1 A and AA) and fails listing every violation readably. */
export async function expectNoAxeViolations(page: Page, label = page.url()): Promise<void> {
  // A toast or dialog still fading in has the contrast of its first frames: axe reads the page once its
  // animations and transitions that end have ended (a looping one, such as a spinner, is not waited for).
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
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  // Compared as text so a failure prints the readable list rather than axe's whole result objects.
  expect(formatViolations(results.violations), `axe violations on ${label}`).toBe('');
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
