/**
 * The Terms of Service and Privacy Policy pages the sign-in notice names (issue 12 item 13): public,
 * reached from the notice, readable on a phone and a desktop, axe clean.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSidewaysScroll } from '../support/apply-flows';
import { expectNoAxeViolations } from '../support/axe';
import { DESKTOP, launchBrowser, openPortalPage, PHONE } from '../support/browser';
import { WAIT_MS } from '../support/waits';

let browser: Browser;
let page: Page | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await page?.context().close();
  page = undefined;
});

describe.each([
  { viewportName: '1280 px', viewport: DESKTOP },
  { viewportName: '360 px', viewport: PHONE },
])('Terms and Privacy at $viewportName', ({ viewport }) => {
  it('opens both from the notice under the sign-in form without signing in', async () => {
    const p = (page = await openPortalPage(browser, { viewport }));
    await p.goto('/account/login', { waitUntil: 'networkidle' });
    await p.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect
      .poll(() => p.getByRole('heading', { level: 1, name: 'Privacy Policy' }).isVisible(), { timeout: WAIT_MS })
      .toBe(true);
    expect(new URL(p.url()).pathname).toBe('/privacy');
    for (const name of ['What we keep', 'How long', 'Who sees it', 'How to have it deleted']) {
      expect(await p.getByRole('heading', { level: 2, name }).isVisible()).toBe(true);
    }
    await expectNoSidewaysScroll(p, `/privacy at ${viewport.width} px`);
    await expectNoAxeViolations(p, `/privacy at ${viewport.width} px`);
    if (process.env.E2E_SCREENSHOTS)
      await p.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/privacy-${viewport.width}.png`, fullPage: true });

    await p.goto('/terms', { waitUntil: 'networkidle' });
    await expect
      .poll(() => p.getByRole('heading', { level: 1, name: 'Terms of Service' }).isVisible(), { timeout: WAIT_MS })
      .toBe(true);
    await expectNoSidewaysScroll(p, `/terms at ${viewport.width} px`);
    await expectNoAxeViolations(p, `/terms at ${viewport.width} px`);
    if (process.env.E2E_SCREENSHOTS)
      await p.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/terms-${viewport.width}.png`, fullPage: true });
  });
});
