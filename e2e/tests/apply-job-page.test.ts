/**
 * The apply page around the steps (product.md §2 'Apply-for-job page', §8, §9; ADR 0040): the job's header with
 * the business logo from the public blob location, a job that is no longer live (a CV drop instead of an
 * application), and job ids that do not lead to a job. On a 360 px phone, axe on each.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { docxCv } from '../support/apply-files';
import {
  enterApplyCode,
  expectPath,
  fillApplyForm,
  openApplyPage,
  stepHeading,
  waitForApplyStep,
} from '../support/apply-flows';
import { expectNoAxeViolations } from '../support/axe';
import { launchBrowser, openPortalPage, PHONE } from '../support/browser';
import { newCandidate } from '../support/flows';
import {
  createEmployer,
  employerApplications,
  employerCvDrops,
  type Employer,
  type EmployerJob,
} from '../support/jobs';
import { mailboxMark } from '../support/mailbox';
import { WAIT_MS } from '../support/waits';

let browser: Browser;
let withLogo: Employer;
let withoutLogo: Employer;
let liveJob: EmployerJob;
let closedJob: EmployerJob;
let noLogoJob: EmployerJob;
let page: Page | undefined;

beforeAll(async () => {
  [browser, withLogo, withoutLogo] = await Promise.all([
    launchBrowser(),
    createEmployer({
      label: 'applypage',
      withLogo: true,
      jobs: [{ title: 'Lighthouse Keeper' }, { title: 'Harbour Pilot', isLive: false }],
    }),
    createEmployer({ label: 'nologo', withLogo: false, jobs: [{ title: 'Ferry Deckhand' }] }),
  ]);
  [liveJob, closedJob] = withLogo.jobs as [EmployerJob, EmployerJob];
  [noLogoJob] = withoutLogo.jobs as [EmployerJob];
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await page?.context().close();
  page = undefined;
});

async function phonePage(): Promise<Page> {
  page = await openPortalPage(browser, { viewport: PHONE });
  return page;
}

/** The header's images as the browser has them: src, whether loading finished, and the decoded width. */
function headerImages(p: Page) {
  return p.locator('main header img').evaluateAll((imgs) =>
    imgs.map((img) => {
      const i = img as HTMLImageElement;
      return { src: i.currentSrc || i.src, alt: i.alt, complete: i.complete, naturalWidth: i.naturalWidth };
    }),
  );
}

describe('job header', () => {
  it("shows 'Apply now to {title}', 'At {business}' and the logo from {blob base}/{imageRelativeDirectory}/logo.png with a cache-busting 1..1000", async () => {
    const p = await phonePage();
    await openApplyPage(p, liveJob.id);
    expect(await p.getByRole('heading', { level: 1 }).innerText()).toBe(`Apply now to ${liveJob.title}`);
    expect(await p.getByText(`At ${withLogo.business.name}`).isVisible()).toBe(true);

    expect(withLogo.logoUrl, 'the logo upload answers its public url').toBeTruthy();
    const expectedPath = `${withLogo.business.imageRelativeDirectory}/logo.png`;
    expect(withLogo.logoUrl?.endsWith(`/${expectedPath}`)).toBe(true);
    await expect.poll(async () => (await headerImages(p))[0]?.complete, { timeout: WAIT_MS }).toBe(true);
    const [logo, ...others] = await headerImages(p);
    expect(others).toEqual([]);
    expect(logo?.naturalWidth, 'the logo loaded').toBeGreaterThan(0);
    // Decorative: the business is named beside it (and an empty alt draws no text over a broken logo).
    expect(logo?.alt).toBe('');
    const src = new URL(logo?.src ?? '');
    expect(`${src.origin}${src.pathname}`).toBe(withLogo.logoUrl);
    // product.md §2/§9: a random number from 1 to 1000 (the portal writes it as ?v=n).
    const n = /^\?(?:v=)?(\d+)$/.exec(src.search)?.[1];
    expect(n, `cache-busting query in ${src.search}`).toBeDefined();
    expect(Number(n)).toBeGreaterThanOrEqual(1);
    expect(Number(n)).toBeLessThanOrEqual(1000);
    // Random per visit: a few more visits do not all repeat it (1 in 10^9 to fail by chance).
    const more = new Set<string>([src.search]);
    for (let i = 0; i < 3; i++) {
      await p.reload();
      await p.getByRole('heading', { level: 1 }).waitFor();
      await expect.poll(async () => (await headerImages(p)).length).toBe(1);
      more.add(new URL((await headerImages(p))[0]?.src ?? '').search);
    }
    expect(more.size).toBeGreaterThan(1);
  });

  it('a business without a logo shows no broken image', async () => {
    const p = await phonePage();
    const isLogo = (url: string) => url.includes(`/${withoutLogo.business.imageRelativeDirectory}/logo.png`);
    // A 404 answer to an image may reach the page as a blocked request (ORB) rather than a response.
    const logoSettled = Promise.race([
      p.waitForResponse((r) => isLogo(r.url()), { timeout: WAIT_MS }).then((r) => `HTTP ${r.status()}`),
      p.waitForEvent('requestfailed', { predicate: (r) => isLogo(r.url()), timeout: WAIT_MS }).then(() => 'failed'),
    ]);
    await openApplyPage(p, noLogoJob.id);
    expect(await p.getByRole('heading', { level: 1 }).innerText()).toBe(`Apply now to ${noLogoJob.title}`);
    expect(await p.getByText(`At ${withoutLogo.business.name}`).isVisible()).toBe(true);
    // The portal does ask for the logo (it cannot know); there is none…
    expect(await logoSettled).toMatch(/^(HTTP 404|failed)$/);
    // …and no broken image shows: the business's initial covers it (the image's ::after, drawn only while broken).
    const image = p.locator('main header img');
    await expect.poll(() => image.evaluate((i) => (i as HTMLImageElement).complete), { timeout: WAIT_MS }).toBe(true);
    expect(await image.evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBe(0);
    expect(await image.evaluate((i) => getComputedStyle(i, '::after').content)).not.toBe('none');
    expect(await image.getAttribute('data-initial')).toBe(withoutLogo.business.name.charAt(0).toUpperCase());
    await waitForApplyStep(p, 'form');
  });
});

describe('a job that is no longer live', () => {
  it('says so, offers to send the CV to the employer instead, and the CV drop shows on /cv-drops', async () => {
    const p = await phonePage();
    const candidate = newCandidate('apply-closed');
    await openApplyPage(p, closedJob.id);
    await waitForApplyStep(p, 'form');
    const notice = p.getByRole('note');
    expect(await notice.innerText()).toContain('This job is no longer accepting applications.');
    expect(await notice.innerText()).toContain(`You can still send your CV to ${withLogo.business.name}`);
    expect(await p.getByRole('button', { name: 'Apply', exact: true }).count()).toBe(0);
    await expectNoAxeViolations(p, 'apply page of a closed job at 360 px');

    const cv = docxCv('Closed Job CV.docx');
    await fillApplyForm(p, candidate, cv);
    const since = await mailboxMark();
    await p.getByRole('button', { name: 'Send my CV', exact: true }).click();
    await enterApplyCode(p, candidate.email, since);
    await waitForApplyStep(p, 'success');
    expect(await p.getByText(`Your CV was successfully sent to ${withLogo.business.name}`).isVisible()).toBe(true);

    await p.getByRole('button', { name: 'Continue', exact: true }).click();
    await expectPath(p, '/applications');
    // product.md §2's side menu does not list CV drops; the address does.
    await p.goto('/cv-drops');
    await expectPath(p, '/cv-drops');
    const drop = p.locator('li').filter({ has: p.getByRole('heading', { name: withLogo.business.name }) });
    await drop.waitFor({ timeout: WAIT_MS });
    expect(await drop.getByText(cv.name, { exact: true }).isVisible()).toBe(true);

    // The employer got a CV drop, not an application to the closed job.
    const drops = (await employerCvDrops(withLogo)).filter((d) => d.candidate.email === candidate.email);
    expect(drops).toHaveLength(1);
    expect(drops[0]?.cvId).toBeTruthy();
    expect(
      (await employerApplications(withLogo, closedJob.id)).filter((a) => a.candidate.email === candidate.email),
    ).toEqual([]);

    // Signed in, the closed job's link opens at cvSelection, still as a CV drop.
    await openApplyPage(p, closedJob.id);
    await waitForApplyStep(p, 'cvSelection');
    expect(await p.getByRole('note').innerText()).toContain('This job is no longer accepting applications.');
    expect(await p.getByRole('button', { name: 'Apply', exact: true }).count()).toBe(0);
    await p.getByRole('button', { name: 'Send my CV', exact: true }).click();
    await waitForApplyStep(p, 'success');
    expect(await p.getByText(`Your CV was successfully sent to ${withLogo.business.name}`).isVisible()).toBe(true);
    expect((await employerCvDrops(withLogo)).filter((d) => d.candidate.email === candidate.email)).toHaveLength(2);
  });
});

describe('a job id that leads to no job', () => {
  it.each([
    { what: 'an unknown id', id: randomUUID() },
    { what: 'a malformed id', id: 'not-a-job' },
  ])("$what shows 'Error in fetching the job.'", async ({ id }) => {
    const p = await phonePage();
    await p.goto(`/apply/${id}`);
    const alert = p.getByRole('alert').filter({ hasText: 'Error in fetching the job.' });
    await alert.waitFor({ timeout: WAIT_MS });
    expect(await stepHeading(p, 'form').count()).toBe(0);
    // A way forward: the candidate's applications, or signing in first.
    expect(await p.getByRole('link', { name: 'Job Applications' }).getAttribute('href')).toBe('/applications');
    expect(await p.getByRole('link', { name: 'sign in' }).getAttribute('href')).toBe('/account/login');
    await expectNoAxeViolations(p, 'apply page without a job at 360 px');
  });
});
