import AxeBuilder from '@axe-core/playwright';
import axeCore, { type RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
type Violations = AxeResults['violations'];

/**
 * Every rule of the WCAG tags runs on every node as before; only the violations are kept with all their
 * nodes, so axe does not build a selector and an HTML snippet for every node that passed (axe documents
 * resultTypes as the saving for this: passes, incomplete and inapplicable keep one node each).
 */
const RUN_OPTIONS: RunOptions = { runOnly: { type: 'tag', values: WCAG_TAGS }, resultTypes: ['violations'] };

/**
 * The page's violations (WCAG 2.1 A and AA) as they are now, outside `exclude` (CSS selectors).
 *
 * A page without frames: axe-core goes into the page once (it stays there until the page navigates) and
 * axe.run reads it in place. AxeBuilder.analyze, which was used for every call, evaluated axe-core's 550 kB
 * again on every call, ran it in partial mode (a selector and snippet for every node checked, passes
 * included) and opened a blank page in the context to merge the results: most of a look's CPU. A page with
 * frames (a CV preview) still goes through AxeBuilder, which reaches into each frame.
 */
export async function axeViolations(page: Page, exclude: string[] = []): Promise<Violations> {
  if (page.frames().length > 1) {
    const builder = new AxeBuilder({ page }).options(RUN_OPTIONS);
    for (const selector of exclude) builder.exclude(selector);
    return (await builder.analyze()).violations;
  }
  const present = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (!present) await page.evaluate(axeCore.source);
  return page.evaluate(
    async ({ options, exclude }) => {
      const axe = (window as unknown as { axe: typeof axeCore }).axe;
      // As AxeBuilder configures it: the same help links in a failure's list.
      axe.configure({ branding: { application: 'playwright' } });
      const context = exclude.length ? { include: [document], exclude } : document;
      const results = await axe.run(context as axeCore.ElementContext, options);
      return results.violations;
    },
    { options: RUN_OPTIONS, exclude },
  ) as Promise<Violations>;
}

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
    listed = formatViolations(await axeViolations(page));
    const moved = await page.evaluate(() => (window as unknown as { axeSawMotion?: boolean }).axeSawMotion === true);
    if (listed === '' || !moved) break;
  }
  // Compared as text so a failure prints the readable list rather than axe's whole result objects.
  expect(listed, `axe violations on ${label}`).toBe('');
}

export function formatViolations(violations: Violations): string {
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
