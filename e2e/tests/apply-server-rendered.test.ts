/**
 * The apply page's first paint comes from the portal's server (issue 9, docs/decisions/0061): with its
 * JavaScript held back, the page already shows the job and the whole form; once the JavaScript arrives,
 * React takes over the same elements (no second render, no layout shift, no hydration error) and the
 * form works. At 360 px and 1280 px, with screenshots before and after hydration for a person to look at.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { DESKTOP, launchBrowser, openPortalPage, PHONE } from '../support/browser';
import { createEmployer, type Employer, type EmployerJob } from '../support/jobs';
import { WAIT_MS } from '../support/waits';

const SCREENSHOTS = path.resolve(import.meta.dirname, '..', '.screenshots', 'apply-ssr');

let browser: Browser;
let employer: Employer;
let liveJob: EmployerJob;
let page: Page | undefined;

beforeAll(async () => {
  [browser, employer] = await Promise.all([
    launchBrowser(),
    createEmployer({ label: 'ssr', withLogo: true, jobs: [{ title: 'Tide Gauge Technician' }] }),
  ]);
  [liveJob] = employer.jobs as [EmployerJob];
  mkdirSync(SCREENSHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await page?.context().close();
  page = undefined;
});

/** Holds every script of the portal until release() is called, as a slow network would. */
async function holdScripts(p: Page) {
  const held: Route[] = [];
  let released = false;
  await p.route(
    (url) => url.pathname.endsWith('.js') && url.pathname !== '/config.js',
    (route) => (released ? route.continue() : void held.push(route)),
  );
  return {
    release: async () => {
      released = true;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}

const errorsOf = (p: Page) => {
  const errors: string[] = [];
  p.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  p.on('pageerror', (error) => errors.push(error.message));
  return errors;
};

/**
 * Runs in the page before its own scripts: records every layout shift (the Layout Instability API) with
 * the elements that moved, so that a failure says what moved and when.
 */
function recordLayoutShifts() {
  type Shift = {
    value: number;
    startTime: number;
    sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
  };
  const shifts: { value: number; at: number; moved: string[] }[] = [];
  (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
  const name = (node: Node | undefined) =>
    node instanceof Element
      ? `${node.tagName.toLowerCase()}${node.className ? `.${String(node.className).trim().split(/\s+/).join('.')}` : ''}`
      : String(node?.nodeName);
  const box = (rect: DOMRectReadOnly) =>
    `${Math.round(rect.x)},${Math.round(rect.y)} ${Math.round(rect.width)}x${Math.round(rect.height)}`;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as Shift[]) {
      shifts.push({
        value: entry.value,
        at: Math.round(entry.startTime),
        moved: (entry.sources ?? []).map(
          (source) => `${name(source.node)} ${box(source.previousRect)} -> ${box(source.currentRect)}`,
        ),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/**
 * Whether the portal's renderer owns #root: Preact (docs/decisions/0062) keeps its tree on the
 * container's `__k`, React on a `__reactContainer` key.
 */
const hydrated = (p: Page) =>
  p.evaluate(() => {
    const root = document.getElementById('root');
    return root !== null && ('__k' in root || Object.keys(root).some((key) => key.startsWith('__reactContainer')));
  });

/**
 * The layout shifts recorded so far, each as one line (value, time, what moved), leaving out those
 * below 0.001: Lighthouse reports CLS to three decimals, and a sub-pixel move is nothing a candidate
 * sees (one was seen, rarely, on a loaded machine).
 */
const layoutShifts = (p: Page) =>
  p.evaluate(() =>
    (window as unknown as { __shifts: { value: number; at: number; moved: string[] }[] }).__shifts
      .filter((shift) => shift.value >= 0.001)
      .map((shift) => `${shift.value.toFixed(4)} at ${shift.at} ms: ${shift.moved.join('; ')}`),
  );

/** Two frames and an idle task: layout has run and the shift observer has reported. */
const settle = (p: Page) =>
  p.evaluate(
    () =>
      new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50)))),
  );

describe.each([
  ['360 px', PHONE],
  ['1280 px', DESKTOP],
] as const)('the server-rendered apply page at %s', (label, viewport) => {
  it('shows the job and the form before any script runs, then hydrates the same elements without a shift', async () => {
    const p = (page = await openPortalPage(browser, { viewport }));
    const errors = errorsOf(p);
    await p.addInitScript(recordLayoutShifts);
    const scripts = await holdScripts(p);
    const response = await p.goto(`/apply/${liveJob.id}`, { waitUntil: 'commit' });
    expect(response?.status()).toBe(200);

    const heading = p.getByRole('heading', { level: 1 });
    await heading.waitFor({ timeout: WAIT_MS });
    expect(await heading.innerText()).toBe(`Apply now to ${liveJob.title}`);
    expect(await p.getByText(`At ${employer.business.name}`).isVisible()).toBe(true);
    for (const field of ['Name', 'Email', 'Phone', 'Post code'])
      expect(await p.getByLabel(field, { exact: true }).isVisible()).toBe(true);
    expect(await p.getByRole('button', { name: 'Apply', exact: true }).isVisible()).toBe(true);
    const logo = p.locator('main header img');
    expect(await logo.getAttribute('width')).toBe('64');
    expect(await logo.getAttribute('height')).toBe('64');
    expect(await p.title()).toBe(`Apply now to ${liveJob.title} · Careers Portal`);
    const jsonLd = JSON.parse((await p.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as Record<
      string,
      unknown
    >;
    expect(jsonLd).toMatchObject({ '@type': 'JobPosting', title: liveJob.title, directApply: true });
    // Nothing has run: the page is the server's HTML alone.
    expect(await hydrated(p)).toBe(false);
    // The heading, the job's details and the form: the last two are hydrated in tasks of their own (0218).
    await p.evaluate(() =>
      ['h1', 'section.job-details', 'form'].forEach((selector) =>
        document.querySelector(selector)?.setAttribute('data-before-hydration', ''),
      ),
    );
    // The server's page alone has not moved since its first paint.
    expect(await layoutShifts(p), 'layout shifts of the server-rendered page (value, time, moved elements)').toEqual(
      [],
    );
    await p.screenshot({
      path: path.join(SCREENSHOTS, `${label.replace(' ', '')}-before-hydration.png`),
      fullPage: true,
    });
    // A full-page screenshot may resize the page for a moment: what it moves is not the page's doing.
    await settle(p);
    await p.evaluate(() => (window as unknown as { __shifts: unknown[] }).__shifts.splice(0));

    await scripts.release();
    // The renderer has taken over the server's elements: the marked heading is still the page's only one.
    await expect.poll(() => hydrated(p), { timeout: WAIT_MS }).toBe(true);
    expect(await p.locator('h1').count()).toBe(1);
    expect(await p.locator('h1[data-before-hydration]').count()).toBe(1);
    // Every element the server sent was taken over, none made anew: still the marked ones, and only them.
    await expect.poll(() => p.locator('form[data-before-hydration]').count(), { timeout: WAIT_MS }).toBe(1);
    expect(await p.locator('form').count()).toBe(1);
    expect(await p.locator('section.job-details[data-before-hydration]').count()).toBe(1);
    expect(await p.locator('section.job-details').count()).toBe(1);
    await settle(p);
    // Hydration moved nothing: the page is the one the server painted.
    expect(await layoutShifts(p), 'layout shifts during hydration (value, time, moved elements)').toEqual([]);

    // …and the form works: product.md §5's blur validation comes from the hydrated form. The error line
    // has its room already, so showing it moves nothing below it.
    const email = p.getByLabel('Email', { exact: true });
    const placeOf = (locator: typeof email) =>
      locator.evaluate((element) => {
        const rect = element.getBoundingClientRect();
        return { x: rect.x + window.scrollX, y: rect.y + window.scrollY, width: rect.width, height: rect.height };
      });
    const emailBefore = await placeOf(email);
    await p.getByLabel('Name', { exact: true }).focus();
    await p.keyboard.press('Tab');
    await p.getByText('Please enter your name').waitFor({ timeout: WAIT_MS });
    expect(await placeOf(email), 'the Email field stays where it was').toEqual(emailBefore);
    await p.getByLabel('Name', { exact: true }).fill('');
    await settle(p);
    expect(await layoutShifts(p), 'layout shifts after the blur error (value, time, moved elements)').toEqual([]);
    await p.screenshot({
      path: path.join(SCREENSHOTS, `${label.replace(' ', '')}-after-hydration.png`),
      fullPage: true,
    });

    expect(await p.title()).toBe(`Apply now to ${liveJob.title} · Careers Portal`);
    expect(errors, 'no hydration error or other console error').toEqual([]);
    await expectNoAxeViolations(p, `server-rendered apply page at ${label}`);
  });
});

describe('an Apply pressed before the scripts arrive', () => {
  it('sends nothing in the address and is carried out once the page is hydrated', async () => {
    const p = (page = await openPortalPage(browser, { viewport: PHONE }));
    const errors = errorsOf(p);
    const scripts = await holdScripts(p);
    await p.goto(`/apply/${liveJob.id}`, { waitUntil: 'commit' });
    await p.getByRole('heading', { level: 1 }).waitFor({ timeout: WAIT_MS });
    await p.getByLabel('Phone', { exact: true }).fill('0700 900123');
    await p.getByRole('button', { name: 'Apply', exact: true }).click();
    // The browser's own submit would have put the phone number in the address and reloaded the page.
    await settle(p);
    expect(new URL(p.url()).search).toBe('');
    expect(await hydrated(p)).toBe(false);
    expect(await p.getByLabel('Phone', { exact: true }).inputValue()).toBe('0700 900123');

    await scripts.release();
    await expect.poll(() => hydrated(p), { timeout: WAIT_MS }).toBe(true);
    // The held Apply is the app's now: its validation answers the empty name, the typed phone stays.
    await p.getByText('Please enter your name').waitFor({ timeout: WAIT_MS });
    expect(await p.getByLabel('Phone', { exact: true }).inputValue()).toBe('0700 900123');
    expect(new URL(p.url()).search).toBe('');
    expect(errors, 'no console error').toEqual([]);
  });
});

describe('the server-rendered answers', () => {
  it("answers an unknown job with 404 and SPEC's 'Error in fetching the job.', before any script runs", async () => {
    const p = (page = await openPortalPage(browser, { viewport: PHONE }));
    await holdScripts(p);
    const response = await p.goto('/apply/00000000-0000-4000-8000-000000000000', { waitUntil: 'commit' });
    expect(response?.status()).toBe(404);
    await p.getByText('Error in fetching the job.').waitFor({ timeout: WAIT_MS });
  });

  it('names the job for link previews and search engines', async () => {
    const response = await fetch(`${inject('stack').portalUrl}/apply/${liveJob.id}?utm_source=board`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain(`<link rel="canonical" href="${inject('stack').portalUrl}/apply/${liveJob.id}">`);
    expect(html).toContain(`<meta property="og:title" content="${liveJob.title} at ${employer.business.name}">`);
    expect(html).toContain('<meta name="twitter:card" content="summary">');
  });
});
