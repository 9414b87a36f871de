/**
 * WCAG 2.1 A/AA checks with axe on the public pages and the signed-in dashboard, on a desktop and a
 * phone-sized viewport (layouts differ below 1024 px, product.md §2).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerCandidateByApi } from '../support/apply-flows';
import { expectNoAxeViolations } from '../support/axe';
import { DESKTOP, launchBrowser, newPortalContext, openPortalPage, openWatchedPage, PHONE } from '../support/browser';
import { newCandidate, signedInStateByApi } from '../support/flows';
import { WAIT_MS } from '../support/waits';

let browser: Browser;
let page: Page | undefined;
let ownContext: BrowserContext | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
// The test's page; and the signed-in test's own context (the public pages share their viewport's, below).
afterEach(async () => {
  await page?.close();
  await ownContext?.close();
  page = ownContext = undefined;
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
  // The public pages are a visitor's, who signs in nowhere: one context for them at this viewport (its HTTP
  // cache warm, so the portal's scripts are not fetched and compiled again per page), a fresh page each.
  let visitor: BrowserContext;
  beforeAll(async () => {
    visitor = await newPortalContext(browser, { viewport });
  });
  afterAll(async () => {
    await visitor?.close();
  });

  it.each(pages)('$name page has no violations', async ({ path, ready }) => {
    // Still a visitor's: nothing signed in or stored by the pages before.
    expect(await visitor.cookies()).toEqual([]);
    expect((await visitor.storageState()).origins).toEqual([]);
    const p = (page = await openWatchedPage(visitor));
    await p.goto(path, { waitUntil: 'networkidle' });
    await expect.poll(() => ready(p), { timeout: WAIT_MS }).toBe(true);
    await expectNoAxeViolations(p, `${path} at ${viewport.width} px`);
  });

  it('signed-in dashboard (side menu and applications page) has no violations', async () => {
    // The dashboard is the subject, not signing up (sign-in.test.ts and others sign up through the form):
    // a new account, signed in through the identity API, in a context of its own.
    const candidate = newCandidate('a11y');
    await registerCandidateByApi(candidate);
    const p = (page = await openPortalPage(browser, {
      viewport,
      storageState: await signedInStateByApi(candidate.email),
    }));
    ownContext = p.context();
    await p.goto('/applications');
    await expect.poll(() => new URL(p.url()).pathname, { timeout: WAIT_MS }).toBe('/applications');
    await p.getByRole('heading', { level: 1, name: 'Job Applications' }).waitFor({ timeout: WAIT_MS });
    await p.waitForLoadState('networkidle');
    await expectNoAxeViolations(p, `/applications at ${viewport.width} px`);
  });
});
