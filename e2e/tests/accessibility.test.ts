/**
 * WCAG 2.1 A/AA checks with axe on the public pages and the signed-in dashboard, on a desktop and a
 * phone-sized viewport (layouts differ below 1024 px, product.md §2).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { DESKTOP, launchBrowser, openPortalPage, PHONE } from '../support/browser';
import { newCandidate, signUpByCode } from '../support/flows';

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

const pages: { name: string; path: string; ready: (p: Page) => Promise<boolean> }[] = [
  {
    name: 'login',
    path: '/account/login',
    ready: (p) => p.getByRole('button', { name: 'Get a verification code' }).isVisible(),
  },
  {
    name: 'not-found',
    path: '/no-such-page',
    ready: (p) => p.getByRole('heading', { name: /not found/i }).isVisible(),
  },
  { name: 'signup', path: '/account/signup', ready: (p) => p.getByRole('heading', { name: 'Sign Up' }).isVisible() },
  {
    name: 'forgotten password',
    path: '/account/request-password-reset',
    ready: (p) => p.getByRole('button', { name: 'Send me a reset link' }).isVisible(),
  },
  {
    name: 'password reset',
    // A made-up link: the page says so before any form (decision 0290); the form itself is checked with a real
    // link in identity-confirm-and-a11y.test.ts.
    path: '/account/reset/a%40b.c/tok/en',
    ready: (p) => p.getByRole('heading', { name: 'This link is not valid' }).isVisible(),
  },
];

describe.each([
  { viewportName: '1280 px', viewport: DESKTOP },
  { viewportName: '360 px', viewport: PHONE },
])('axe at $viewportName', ({ viewport }) => {
  it.each(pages)('$name page has no violations', async ({ path, ready }) => {
    const p = (page = await openPortalPage(browser, { viewport }));
    await p.goto(path, { waitUntil: 'networkidle' });
    await expect.poll(() => ready(p), { timeout: 15_000 }).toBe(true);
    await expectNoAxeViolations(p, `${path} at ${viewport.width} px`);
  });

  it('signed-in dashboard (side menu and applications page) has no violations', async () => {
    const p = (page = await openPortalPage(browser, { viewport }));
    await signUpByCode(p, newCandidate('a11y'));
    await p.waitForLoadState('networkidle');
    await expectNoAxeViolations(p, `/applications at ${viewport.width} px`);
  });
});
