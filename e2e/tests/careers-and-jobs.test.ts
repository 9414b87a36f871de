/**
 * Careers pages and /jobs (issue 27 items 1-3, docs/decisions/0370-0372), in Chromium against the whole
 * stack: a business's careers page (about us, open jobs, the CV drop; the empty state), a changed address
 * answering 301, /jobs searched with filters whose URL opens the same search elsewhere, both pages at 360 and
 * 1280 px with axe and screenshots, and a closed job leaving /sitemap.xml within 60 s.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectOk } from '@careers/test-support/http';
import { expectNoAxeViolations } from '../support/axe';
import { DESKTOP, launchBrowser, openPortalPage, PHONE } from '../support/browser';
import { stackApi } from '../support/api';
import { createEmployer, type Employer, type EmployerJob } from '../support/jobs';

const SCREENSHOTS = path.resolve(import.meta.dirname, '..', '.screenshots', 'careers-and-jobs');
const WORD = `zircon${Date.now().toString(36)}`;

let browser: Browser;
let hiring: Employer;
let quiet: Employer;
let slug: string;
let page: Page | undefined;

async function careersSettings(employer: Employer, body?: { slug: string; about: string }) {
  const api = stackApi();
  const url = `${api.urls.candidateUrl}/business/careers-page`;
  return expectOk<{ slug: string; about: string }>(
    'the careers page settings',
    await api.call(url, body ? { method: 'PUT', json: body, token: employer.token } : { token: employer.token }),
  );
}

beforeAll(async () => {
  [browser, hiring, quiet] = await Promise.all([
    launchBrowser(),
    createEmployer({
      label: 'careers',
      withLogo: true,
      jobs: [
        {
          title: `Harbour ${WORD} welder`,
          description: 'MIG and TIG welding on the quay.',
          fullTime: true,
          salaryFrom: 30000,
          salaryTo: 35000,
          salaryCurrency: 'GBP',
          salaryRateType: 3,
        },
        {
          title: `Remote ${WORD} planner`,
          description: 'Plans the welding shifts from home.',
          workplace: 'Remote',
          city: null,
          fullTime: false,
          partTime: true,
          jobType: 2,
          salaryFrom: null,
          salaryTo: null,
          salaryCurrency: null,
          salaryRateType: 0,
        },
      ],
    }),
    createEmployer({ label: 'quiet', jobs: [] }),
  ]);
  slug = (await careersSettings(hiring)).slug;
  await careersSettings(hiring, {
    slug,
    about: 'We build and mend harbours.\n\nSince 1920 <b>on the coast</b>.',
  });
  mkdirSync(SCREENSHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await page?.context().close();
  page = undefined;
});

describe('a business’s careers page', () => {
  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`shows the business, its about us, its open jobs and the CV drop at ${viewport.width} px`, async () => {
      page = await openPortalPage(browser, { viewport });
      const response = await page.goto(`/careers/${slug}`);
      expect(response?.status()).toBe(200);
      await expect(page.title()).resolves.toBe(`Careers at ${hiring.business.name} · Careers Portal`);
      await page.getByRole('heading', { level: 1, name: `Careers at ${hiring.business.name}` }).waitFor();
      // The employer's words are text: the <b> shows as written.
      await page.getByText('Since 1920 <b>on the coast</b>.').waitFor();
      const jobs = page.locator('.job-card__title a');
      await expect(jobs.allTextContents()).resolves.toEqual([`Remote ${WORD} planner`, `Harbour ${WORD} welder`]);
      const [welder, remote] = hiring.jobs as [EmployerJob, EmployerJob];
      await expect(jobs.first().getAttribute('href')).resolves.toBe(`/apply/${remote.id}`);
      await expect(page.locator('.job-card').nth(1).textContent()).resolves.toContain('£30,000 – £35,000 a year');
      await expect(page.locator('.job-card').first().textContent()).resolves.toContain('Remote');
      await page.getByRole('heading', { name: 'Send us your CV' }).waitFor();
      await page.getByRole('button', { name: 'Send my CV' }).waitFor();
      // Nothing wider than the screen.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page, `careers page ${label}`);
      await page.screenshot({ path: path.join(SCREENSHOTS, `careers-${label}.png`), fullPage: true });
      // A job's link opens its apply page.
      await jobs.nth(1).click();
      await page.waitForURL(`**/apply/${welder.id}`);
      await page.getByRole('heading', { level: 1, name: `Apply now to Harbour ${WORD} welder` }).waitFor();
    });
  }

  it('with no open job says so, and still takes CVs', async () => {
    page = await openPortalPage(browser, { viewport: PHONE });
    const quietSlug = (await careersSettings(quiet)).slug;
    await page.goto(`/careers/${quietSlug}`);
    await page.getByRole('heading', { name: 'No open jobs right now' }).waitFor();
    await page.getByRole('button', { name: 'Send my CV' }).waitFor();
    await expectNoAxeViolations(page, 'empty careers page');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'careers-empty-phone.png'), fullPage: true });
  });

  it('a changed address keeps the old one as a permanent redirect', async () => {
    const renamed = `${slug}-new`;
    await careersSettings(hiring, { slug: renamed, about: 'We build and mend harbours.' });
    page = await openPortalPage(browser);
    // The portal keeps the service's answer for the old address up to 10 s (0370): the redirect follows then.
    let response = await page.request.get(`/careers/${slug}`, { maxRedirects: 0 });
    for (let tries = 0; response.status() !== 301 && tries < 15; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      response = await page.request.get(`/careers/${slug}`, { maxRedirects: 0 });
    }
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe(`/careers/${renamed}`);
    await page.goto(`/careers/${slug}`);
    expect(new URL(page.url()).pathname).toBe(`/careers/${renamed}`);
    await page.getByRole('heading', { level: 1, name: `Careers at ${hiring.business.name}` }).waitFor();
    slug = renamed;
  });
});

describe('/jobs', () => {
  it('searches with filters; the address holds them, and opened elsewhere shows the same search', async () => {
    page = await openPortalPage(browser, { viewport: DESKTOP });
    await page.goto('/jobs');
    await expect(page.title()).resolves.toBe('Find a job · Careers Portal');
    await page.getByLabel('What').fill(WORD);
    await page.getByLabel('Remote only').check();
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === WORD && url.searchParams.get('remote') === '1');
    await expect(page.locator('.job-card__title a').allTextContents()).resolves.toEqual([`Remote ${WORD} planner`]);
    await expect(page.title()).resolves.toBe(`Jobs matching “${WORD}” · Careers Portal`);
    await expectNoAxeViolations(page, '/jobs searched, desktop');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'jobs-desktop.png'), fullPage: true });
    const shared = page.url();

    const other = await openPortalPage(browser, { viewport: PHONE });
    try {
      await other.goto(shared);
      await expect(other.getByLabel('What').inputValue()).resolves.toBe(WORD);
      await expect(other.getByLabel('Remote only').isChecked()).resolves.toBe(true);
      await expect(other.locator('.job-card__title a').allTextContents()).resolves.toEqual([`Remote ${WORD} planner`]);
      const overflow = await other.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(other, '/jobs searched, phone');
      await other.screenshot({ path: path.join(SCREENSHOTS, 'jobs-phone.png'), fullPage: true });
      // Full time only: the remote job is part time, the welder is on site.
      await other.getByLabel('Remote only').uncheck();
      await other.getByLabel('Hours').selectOption('full');
      await other.getByRole('button', { name: 'Search' }).click();
      await other.waitForURL((url) => url.searchParams.get('hours') === 'full');
      await expect(other.locator('.job-card__title a').allTextContents()).resolves.toEqual([`Harbour ${WORD} welder`]);
      await other.goto(`/jobs?q=${WORD}nothing`);
      await other.getByRole('heading', { name: 'No job matches this search' }).waitFor();
    } finally {
      await other.context().close();
    }
  });
});

describe('/sitemap.xml', () => {
  it('lists open apply pages and careers pages; a closed job leaves it within 60 s', { timeout: 180_000 }, async () => {
    const { portalUrl } = inject('stack');
    const [welder] = hiring.jobs as [EmployerJob, EmployerJob];
    const read = async () => (await fetch(`${portalUrl}/sitemap.xml`)).text();
    const first = await read();
    expect(first).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(first).toContain(`/apply/${welder.id}</loc>`);
    expect(first).toContain(`/careers/${slug}</loc>`);
    expect(await (await fetch(`${portalUrl}/robots.txt`)).text()).toContain(`Sitemap: ${portalUrl}/sitemap.xml`);
    const api = stackApi();
    await expectOk(
      'closing the job',
      await api.call(`${api.urls.candidateUrl}/business/jobs/${welder.id}`, {
        method: 'PUT',
        token: hiring.token,
        json: { title: welder.title, description: welder.description, city: 'Leeds', isLive: false },
      }),
    );
    const closedAt = Date.now();
    let listed = true;
    while (listed && Date.now() - closedAt < 60_000) {
      listed = (await read()).includes(`/apply/${welder.id}</loc>`);
      if (listed) await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
    expect(listed, 'the closed job is still in the sitemap after 60 s').toBe(false);
  });
});
