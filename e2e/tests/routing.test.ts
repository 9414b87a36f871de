/**
 * product.md §2 routes and navigation guard, in a real browser against the real portal and services.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPortalContext, openWatchedPage } from '../support/browser';
import { WAIT_MS } from '../support/waits';

const LOGIN_PATH = '/account/login';
const GUARDED = ['/', '/dashboard', '/profile', '/cvs', '/applications', '/cv-drops', '/contact-us', '/user-account'];

let browser: Browser;
let visitor: BrowserContext;
let page: Page | undefined;

// Every test here is a visitor's: nobody signs in, so no session or stored sign-in can leak from one test
// to the next, and the tests share one context (its cookies, storage and HTTP cache; a warm cache spares
// fetching and compiling the portal's scripts again for each page). Each test gets a fresh page in it.
beforeAll(async () => {
  browser = await launchBrowser();
  visitor = await newPortalContext(browser);
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await page?.close();
  page = undefined;
  // Nothing a test leaves behind reaches the next: the context stays signed out and empty.
  expect(await visitor.cookies()).toEqual([]);
  expect((await visitor.storageState()).origins).toEqual([]);
});

async function open(path: string, options?: Parameters<Page['goto']>[1]) {
  const p = (page = await openWatchedPage(visitor));
  const response = await p.goto(path, options);
  return { p, response };
}

async function expectOnLoginPage(p: Page) {
  // Polled, so that a failure names the address the page did end up at.
  await expect.poll(() => new URL(p.url()).pathname, { timeout: WAIT_MS }).toBe(LOGIN_PATH);
  // product.md §2 login step 1: the page that arrives is the real login form, not just its address.
  await expect
    .poll(() => p.getByRole('button', { name: 'Get a verification code' }).isVisible(), { timeout: WAIT_MS })
    .toBe(true);
}

describe('navigation guard (product.md §2)', () => {
  it('keeps the full target path with its query as returnUrl', async () => {
    const { p } = await open('/cvs?x=1&y=2');
    await expectOnLoginPage(p);
    const url = new URL(p.url());
    expect(url.searchParams.get('returnUrl')).toBe('/cvs?x=1&y=2');
  });

  it.each(GUARDED)('sends a visitor of %s to login with that returnUrl', async (path) => {
    const { p } = await open(path);
    await expectOnLoginPage(p);
    const returnUrl = new URL(p.url()).searchParams.get('returnUrl');
    // Home is also the default return path, so leaving it out is equivalent.
    if (path === '/') expect([null, '/']).toContain(returnUrl);
    else expect(returnUrl).toBe(path);
  });

  it('/account redirects to /account/login', async () => {
    const { p } = await open('/account');
    await expectOnLoginPage(p);
  });
});

describe('public routes are not redirected to login (product.md §2)', () => {
  // Each public page with something SPEC says it shows, so "not redirected" also means "rendered".
  const cases: { path: string; status?: number; shows?: (p: Page) => Promise<boolean> }[] = [
    { path: '/account/signup', shows: (p) => p.getByRole('heading', { name: 'Sign Up' }).isVisible() },
    {
      path: '/account/request-password-reset',
      shows: (p) => p.getByRole('button', { name: 'Send me a reset link' }).isVisible(),
    },
    {
      path: '/account/reset/a%40b.c/tok/en/parts',
      // A made-up link: the page checks it first and says so (decision 0290).
      shows: (p) => p.getByRole('heading', { name: 'This link is not valid' }).isVisible(),
    },
    { path: '/confirm/u1/tok/parts' },
    // An apply link to a job that does not exist is answered 404 (issue 9), but stays the apply page.
    {
      path: '/apply/3f1c7c2e-8d4b-4a5e-9b6f-2c1d0e9a7b44',
      status: 404,
      shows: (p) => p.getByText('Error in fetching the job.').isVisible(),
    },
  ];

  it.each(cases)('$path stays where it is', async ({ path, shows, status = 200 }) => {
    const { p, response } = await open(path, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(status);
    if (shows) await expect.poll(() => shows(p), { timeout: WAIT_MS }).toBe(true);
    // The app settles (startup, login check) before judging: a late redirect would show here.
    await p.waitForLoadState('networkidle');
    await p.waitForTimeout(500);
    const url = new URL(p.url());
    expect(url.pathname).toBe(path);
    expect(await p.getByRole('heading', { name: /not found/i }).count()).toBe(0);
  });
});

describe('unknown paths', () => {
  it('shows the not-found page, answered with HTTP 404', async () => {
    const { p, response } = await open('/no-such-page/anywhere?q=1');
    expect(response?.status()).toBe(404);
    await expect
      .poll(() => p.getByRole('heading', { name: /not found/i }).isVisible(), { timeout: WAIT_MS })
      .toBe(true);
    expect(new URL(p.url()).pathname).toBe('/no-such-page/anywhere');
  });

  it('the portal server answers an unknown path with 404 and known routes with 200', async () => {
    const portal = inject('stack').portalUrl;
    expect((await fetch(`${portal}/definitely/not/a/route`)).status).toBe(404);
    expect((await fetch(`${portal}/account/login`)).status).toBe(200);
    // The apply route answers for its job: 404 when there is no such job (issue 9).
    expect((await fetch(`${portal}/apply/abc`)).status).toBe(404);
  });
});
