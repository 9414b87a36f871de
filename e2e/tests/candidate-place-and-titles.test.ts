/**
 * Where a keyboard or screen-reader user is, and what a phone shows of the job: every route's own document
 * title (WCAG 2.4.2), the focus on the new heading after each step or page change, Esc on the phone's
 * drawer, Enter on the CV drop area, the whole job title on a 360 px phone, the business's initial in
 * place of a missing logo, file names that wrap, red destructive actions, and one CV message at a time.
 * Screenshots of the changed screens go to E2E_LOOKS_DIR when it is set.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { FileChooser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectOk } from '@careers/test-support/http';
import { employerRoutes } from '../../apps/web/src/features/employer/paths';
import { paths } from '../../apps/web/src/lib/paths';
import { pdfCv, txtCv } from '../support/apply-files';
import {
  enterApplyCode,
  expectNoAxeViolationsBesidePreview,
  expectNoSidewaysScroll,
  expectPath,
  fillApplyForm,
  openApplyPage,
  registerCandidateByApi,
  waitForApplyStep,
  type ApiCandidate,
} from '../support/apply-flows';
import { expectNoAxeViolations } from '../support/axe';
import { DESKTOP, PHONE, usePortalPages } from '../support/browser';
import { stackApi } from '../support/api';
import { applyViaApi } from '../support/employer';
import {
  newCandidate,
  signedInStateByApi,
  signInByCode,
  signUpUntilCodeStep,
  type CandidateDetails,
} from '../support/flows';
import { createEmployer, type Employer } from '../support/jobs';
import { latestCode, mailboxMark } from '../support/mailbox';
import { WAIT_MS } from '../support/waits';

const openPage = usePortalPages();
const LONG_TITLE = 'Warehouse Operative and Forklift Driver for the Night Shift (Temperature-Controlled Stores)';
const LONG_FILE_NAME = `curriculum-vitae-${'x'.repeat(70)}-final-version.pdf`;
const SUFFIX = ' · Careers Portal';

let employer: Employer;
let bare: Employer;
let applied: { candidate: CandidateDetails; api: ApiCandidate; applicationId: string };

beforeAll(async () => {
  [employer, bare] = await Promise.all([
    createEmployer({
      label: 'titles',
      withLogo: true,
      jobs: [{ title: LONG_TITLE }, { title: `${LONG_TITLE} (closed)`, isLive: false }, { title: 'Second job' }],
    }),
    // No logo: its apply page shows the business's initial.
    createEmployer({ label: 'initial', withLogo: false, jobs: [{ title: 'Ferry Deckhand' }] }),
  ]);
  const candidate = newCandidate('titles');
  const api = await registerCandidateByApi(candidate, [pdfCv(LONG_FILE_NAME)]);
  const applicationId = await applyViaApi(api.token, employer.jobs[0]!.id, api.cvs[0]!.cvId);
  applied = { candidate, api, applicationId };
}, 120_000);

/** Full-page screenshots for a person to look at (E2E_LOOKS_DIR), after the page is checked for sideways scrolling. */
async function look(page: Page, name: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  await expectNoSidewaysScroll(page, `${name} at ${width} px`);
  const dir = process.env.E2E_LOOKS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${width}-${name}.png`), fullPage: true });
}

/** What has the focus: its tag, and its accessible text (the heading's words). */
function focused(page: Page): Promise<{ tag: string; text: string }> {
  return page.evaluate(() => {
    const el = document.activeElement;
    return { tag: el?.tagName.toLowerCase() ?? '', text: (el?.textContent ?? '').trim() };
  });
}

async function expectFocusOnHeading(page: Page, tag: 'h1' | 'h2', text: string | RegExp): Promise<void> {
  await expect.poll(async () => (await focused(page)).tag, { timeout: WAIT_MS }).toBe(tag);
  expect((await focused(page)).text).toMatch(text);
}

/** The h1 shows its whole text: nothing clipped, and nothing past the viewport's right edge. */
async function expectWholeHeading(page: Page, text: string): Promise<void> {
  const h1 = page.getByRole('heading', { level: 1 });
  await expect.poll(() => h1.innerText(), { timeout: WAIT_MS }).toBe(text);
  const box = await h1.evaluate((el) => ({
    clipped: el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1,
    right: el.getBoundingClientRect().right,
    clamp: String(getComputedStyle(el).webkitLineClamp),
  }));
  expect(box.clipped, 'the title is not cut').toBe(false);
  expect(['none', ''].includes(box.clamp), `line clamp ${box.clamp}`).toBe(true);
  expect(box.right).toBeLessThanOrEqual(page.viewportSize()!.width);
}

describe('every route has its own title (WCAG 2.4.2)', () => {
  /** A value for each parameter a route may have; a route with another one fails the test, so none is skipped. */
  function concrete(route: string, values: Record<string, string>): string {
    return route
      .replace(/:(\w+)/g, (_, name: string) => {
        const value = values[name];
        if (!value) throw new Error(`no value for :${name} in ${route}`);
        return encodeURIComponent(value);
      })
      .replace(/\/\*$/, '/made-up/token');
  }

  async function titleAt(page: Page, address: string, expected: RegExp = /^.+ · Careers Portal$/): Promise<string> {
    await page.goto(address);
    // The title is set once the page is shown (after the dashboard's start-up, for signed-in pages).
    await expect.poll(() => page.title(), { timeout: WAIT_MS, message: `title of ${address}` }).toMatch(expected);
    return page.title();
  }

  it("each candidate, public and employer route's document title names its page and ends with ' · Careers Portal'", async () => {
    // The business's careers page (/careers/:slug) by the slug its public job names.
    const api = stackApi();
    const job = expectOk<{ businessSlug?: string }>(
      'the public job',
      await api.call(`${api.urls.candidateUrl}/job/${employer.jobs[0]!.id}`),
    );
    const values = {
      slug: job.businessSlug ?? '',
      jobId: employer.jobs[0]!.id,
      userId: '3f1c7c2e-8d4b-4a5e-9b6f-2c1d0e9a7b44',
      email: 'someone@example.com',
      token: 'made-up-token',
      applicationId: applied.applicationId,
      invitationId: '7b0d3c1e-5a2f-4e6b-9c8d-1f2e3a4b5c6d',
    };
    const candidatePage = await openPage({
      viewport: DESKTOP,
      storageState: await signedInStateByApi(applied.candidate.email),
    });
    const publicPage = await openPage({ viewport: DESKTOP });
    const signedIn = new Set<string>([
      paths.home,
      paths.dashboard,
      paths.profile,
      paths.cvs,
      paths.applications,
      paths.application,
      paths.cvDrops,
      paths.contactUs,
      paths.userAccount,
    ]);
    const titles = new Map<string, string>();
    for (const [name, route] of Object.entries(paths)) {
      if (name === 'employer') continue; // the console's own table, below
      const address = concrete(route, values);
      // The apply page is titled 'Apply now' until its job has loaded.
      // An application's page is titled 'Job application' until the application has loaded, then by its job.
      const expected =
        route === paths.apply ? /^Apply now to / : route === paths.application ? /^Warehouse Operative/ : undefined;
      titles.set(route, await titleAt(signedIn.has(route) ? candidatePage : publicPage, address, expected));
    }
    titles.set('/no-such-page', await titleAt(publicPage, '/no-such-page'));

    // The employer console's routes: its sign-in pages signed out, the rest signed in.
    const employerPage = await openPage({
      viewport: DESKTOP,
      storageState: await signedInStateByApi(employer.email, { remember: true }),
    });
    const signedOutEmployer = await openPage({ viewport: DESKTOP });
    const employerValues = { ...values, jobId: employer.jobs[0]!.id };
    const publicEmployer = new Set<string>([
      employerRoutes.login,
      employerRoutes.signup,
      employerRoutes.forgotPassword,
      employerRoutes.welcome,
      employerRoutes.reset,
    ]);
    titles.set(paths.employer, await titleAt(employerPage, paths.employer));
    for (const route of Object.values(employerRoutes)) {
      const address = `${paths.employer}/${concrete(route, employerValues)}`;
      titles.set(
        `${paths.employer}/${route}`,
        await titleAt(publicEmployer.has(route) ? signedOutEmployer : employerPage, address),
      );
    }

    for (const [route, title] of titles) {
      expect(title.endsWith(SUFFIX), `${route}: ${title}`).toBe(true);
      const name = title.slice(0, -SUFFIX.length).trim();
      expect(name, `${route} has a title of its own`).not.toBe('');
      expect(name).not.toBe('Careers Portal');
    }
    // Specific: two routes share a title only when they are the same page.
    const samePage: string[][] = [
      [paths.home, paths.dashboard],
      [paths.account, paths.login],
    ];
    const byTitle = new Map<string, string[]>();
    for (const [route, title] of titles) byTitle.set(title, [...(byTitle.get(title) ?? []), route]);
    for (const [title, routes] of byTitle) {
      if (routes.length === 1) continue;
      expect(
        samePage.some((group) => routes.every((route) => group.includes(route))),
        `${routes.join(', ')} share '${title}'`,
      ).toBe(true);
    }
    expect(titles.get(paths.apply)).toBe(`Apply now to ${LONG_TITLE}${SUFFIX}`);
    expect(titles.get(paths.cvs)).toBe(`CVs${SUFFIX}`);
    expect(titles.get(paths.application)).toBe(`${LONG_TITLE}${SUFFIX}`);
    expect(titles.get(`${paths.employer}/${employerRoutes.business}`)).toMatch(/^Business · Employer/);
  }, 240_000);

  it('the server-rendered apply page has its title in the head, and none in the body', async () => {
    const page = await openPage({ viewport: PHONE, javaScriptEnabled: false });
    await page.goto(`/apply/${employer.jobs[0]!.id}`);
    expect(await page.locator('head > title').textContent()).toBe(`Apply now to ${LONG_TITLE}${SUFFIX}`);
    expect(await page.locator('body title').count()).toBe(0);
  });
});

describe('the focus lands on the new heading', () => {
  it('at the login code step, then on the page the sign-in leads to', async () => {
    const page = await openPage({ viewport: PHONE });
    await page.goto('/account/login');
    await page.getByLabel('Email', { exact: true }).fill(applied.candidate.email);
    const first = await mailboxMark();
    await page.getByRole('button', { name: 'Get a verification code' }).click();
    await expectFocusOnHeading(page, 'h2', 'Verification');
    // This code's e-mail arrives before the next one is asked for: arriving later, it would be read as the next's.
    await latestCode(applied.candidate.email, { since: first });
    await page.goto('/account/login');
    await signInByCode(page, applied.candidate.email);
    await expectFocusOnHeading(page, 'h1', 'Job Applications');
    await look(page, 'applications-after-sign-in');
  });

  it('at the sign-up code step', async () => {
    const page = await openPage({ viewport: DESKTOP });
    await signUpUntilCodeStep(page, newCandidate('focus-signup'));
    await expectFocusOnHeading(page, 'h2', 'Verification');
  });

  it("after the apply page's success redirect, and the success heading says a closed job's CV was sent to the business", async () => {
    const page = await openPage({ viewport: PHONE });
    const candidate = newCandidate('focus-success');
    const closed = employer.jobs[1]!;
    await openApplyPage(page, closed.id);
    await expectWholeHeading(page, `Apply now to ${closed.title}`);
    await fillApplyForm(page, candidate, txtCv('focus.txt'));
    const since = await mailboxMark();
    await page.getByRole('button', { name: 'Send my CV' }).click();
    await enterApplyCode(page, candidate.email, since);
    await waitForApplyStep(page, 'success');
    await expectWholeHeading(page, `CV sent to ${employer.business.name}`);
    await look(page, 'apply-success-closed-job');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectPath(page, '/applications');
    await expectFocusOnHeading(page, 'h1', 'Job Applications');
  });

  it('after Withdraw, on the withdrawn application', async () => {
    const candidate = newCandidate('focus-withdraw');
    const api = await registerCandidateByApi(candidate, [pdfCv('withdraw.pdf')]);
    await applyViaApi(api.token, employer.jobs[2]!.id, api.cvs[0]!.cvId);
    const page = await openPage({ viewport: PHONE, storageState: await signedInStateByApi(candidate.email) });
    await page.goto('/applications');
    const withdraw = page.getByRole('button', { name: 'Withdraw your application for Second job' });
    await withdraw.waitFor({ timeout: WAIT_MS });
    expect(await withdraw.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(180, 35, 24)');
    await withdraw.click();
    const confirm = page.getByRole('alertdialog').getByRole('button', { name: 'Withdraw application' });
    expect(await confirm.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(180, 35, 24)');
    await confirm.click();
    await expect.poll(() => withdraw.count(), { timeout: WAIT_MS }).toBe(0);
    await expectFocusOnHeading(page, 'h2', 'Second job');
  });

  it('at the already-applied code step, whose heading says the candidate applied', async () => {
    const page = await openPage({ viewport: PHONE });
    const job = employer.jobs[0]!;
    await openApplyPage(page, job.id);
    await look(page, 'apply-form');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await waitForApplyStep(page, 'login');
    await page.getByLabel('Email', { exact: true }).fill(applied.candidate.email);
    const since = await mailboxMark();
    await page.getByRole('button', { name: 'Get a verification code' }).click();
    await enterApplyCode(page, applied.candidate.email, since);
    await expectFocusOnHeading(page, 'h2', /^You applied on /);
    await expectWholeHeading(page, `You already applied to ${LONG_TITLE}`);
    expect(await page.getByText(/^Apply now to/).count()).toBe(0);
    await look(page, 'apply-already-applied');
  });
});

describe('the job on a 360 px phone', () => {
  it('shows the whole title, wrapped, and the first field starts on the first screen', async () => {
    const page = await openPage({ viewport: PHONE });
    await openApplyPage(page, employer.jobs[0]!.id);
    await expectWholeHeading(page, `Apply now to ${LONG_TITLE}`);
    await waitForApplyStep(page, 'form');
    // The CV comes first (what is read from it fills the fields below); its drop area is the first field.
    const firstField = page.locator('.apply-step__fields > *').first();
    expect(await firstField.evaluate((el) => el.classList.contains('file-drop'))).toBe(true);
    const top = await page.locator('.file-drop__zone').evaluate((el) => el.getBoundingClientRect().top);
    // Its top edge and its first line of words on the first screen (24 px: one line of the zone's text).
    expect(top, 'the CV drop area starts on the first screen').toBeLessThanOrEqual(PHONE.height - 24);
    await expectNoAxeViolations(page, 'apply form at 360 px');
  });

  it("shows the business's initial where there is no logo, even before the page's script runs", async () => {
    const page = await openPage({ viewport: PHONE, javaScriptEnabled: false });
    await page.goto(`/apply/${bare.jobs[0]!.id}`);
    // The failed image draws the initial over its broken-image icon (a pseudo-element, only while broken).
    const image = page.locator('main header img');
    expect(await image.getAttribute('alt')).toBe('');
    expect(await image.getAttribute('data-initial')).toBe(bare.business.name.charAt(0).toUpperCase());
    expect(await image.evaluate((img) => getComputedStyle(img, '::after').content)).not.toBe('none');
    await look(page, 'apply-no-logo-before-script');
  });
});

describe('keyboard and touch', () => {
  it('Esc closes the phone drawer and gives the focus back to the menu button', async () => {
    const page = await openPage({ viewport: PHONE, storageState: await signedInStateByApi(applied.candidate.email) });
    await page.goto('/applications');
    await page.getByRole('heading', { level: 1, name: 'Job Applications' }).waitFor({ timeout: WAIT_MS });
    const menu = page.getByRole('button', { name: 'Show navigation' });
    await menu.click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect.poll(() => nav.isVisible()).toBe(true);
    await page.getByRole('link', { name: 'CVs', exact: true }).focus();
    await page.keyboard.press('Escape');
    await expect.poll(() => nav.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe('side-nav');
  });

  it('Enter opens the CV drop area as Space does', async () => {
    const page = await openPage({ viewport: DESKTOP });
    await openApplyPage(page, employer.jobs[0]!.id);
    await waitForApplyStep(page, 'form');
    const input = page.locator('input[type="file"]');
    // One listener for the whole test: Playwright turns the browser's file-chooser interception on when
    // the first listener comes and off when the last goes, so a listener per key races its key press.
    const opened: string[] = [];
    const answered: Promise<void>[] = [];
    let key = '';
    const onChooser = (chooser: FileChooser) => {
      opened.push(key);
      answered.push(chooser.setFiles([]));
    };
    page.on('filechooser', onChooser);
    await page.evaluate(() => true); // a round trip after it: the interception is on before the first key
    for (key of ['Space', 'Enter']) {
      await input.focus();
      await page.keyboard.press(key);
      await expect.poll(() => opened, { timeout: WAIT_MS }).toContain(key);
    }
    await Promise.all(answered);
    page.off('filechooser', onChooser);
  });

  it("a touch screen is told to tap, not 'Drag a file here'", async () => {
    const touch = await openPage({ viewport: PHONE, hasTouch: true, isMobile: true });
    await openApplyPage(touch, employer.jobs[0]!.id);
    await waitForApplyStep(touch, 'form');
    expect(await touch.getByText('Tap to choose a file').isVisible()).toBe(true);
    expect(await touch.getByText(/Drag a file here/).isVisible()).toBe(false);

    const mouse = await openPage({ viewport: DESKTOP });
    await openApplyPage(mouse, employer.jobs[0]!.id);
    await waitForApplyStep(mouse, 'form');
    expect(await mouse.getByText('Drag a file here or click to choose').isVisible()).toBe(true);
    expect(await mouse.getByText('Tap to choose a file').isVisible()).toBe(false);
  });
});

describe('messages and names', () => {
  it('one CV message in one place: a refused file replaces "Please select your CV"', async () => {
    const page = await openPage({ viewport: PHONE });
    await openApplyPage(page, employer.jobs[0]!.id);
    await waitForApplyStep(page, 'form');
    await fillApplyForm(page, newCandidate('one-message'), null);
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    const banner = page.locator('.alert-danger[role="alert"]').filter({ hasText: 'Please select your CV' });
    await expect.poll(() => banner.isVisible()).toBe(true);
    await page.locator('input[type="file"]').setInputFiles({
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not a cv'),
    });
    const typeError = page.getByText('Must be in the following format: pdf, doc, docx, txt');
    await expect.poll(() => typeError.isVisible()).toBe(true);
    expect(await banner.count()).toBe(0);
    await look(page, 'apply-cv-type-error');
  });

  it('not found: a long unknown address does not scroll a phone sideways', async () => {
    const page = await openPage({ viewport: PHONE });
    await page.goto(`/${'an-address-that-does-not-exist-'.repeat(4)}${'x'.repeat(40)}`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor({ timeout: WAIT_MS });
    await look(page, 'not-found-long-address');
  });

  it.each([
    { label: '360 px', viewport: PHONE },
    { label: '1280 px', viewport: DESKTOP },
  ])(
    '/cvs at $label: a long file name wraps in the list and the dialogs, Delete is red, axe finds nothing with the toast up',
    async ({ viewport }) => {
      const page = await openPage({ viewport, storageState: await signedInStateByApi(applied.candidate.email) });
      await page.goto('/cvs');
      const name = page.getByRole('heading', { level: 3, name: LONG_FILE_NAME });
      await name.waitFor({ timeout: WAIT_MS });
      await look(page, 'cvs-long-name');
      // A toast (the upload's) is up while the preview is open and after it: axe checks both.
      await page.locator('.cv-upload input[type="file"], input[type="file"]').first().setInputFiles(txtCv('toast.txt'));
      await page.getByRole('button', { name: /^Upload/ }).click();
      await page.locator('[data-sonner-toast]').first().waitFor({ timeout: WAIT_MS });
      await page.getByRole('button', { name: `Preview ${LONG_FILE_NAME}` }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await expectNoSidewaysScroll(page, `the preview at ${viewport.width} px`);
      const title = dialog.getByRole('heading', { level: 2 });
      expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await look(page, 'cvs-preview-long-name');
      await expectNoAxeViolationsBesidePreview(page, `/cvs preview at ${viewport.width} px`);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expectNoAxeViolations(page, `/cvs after the preview at ${viewport.width} px`);
      await page.getByRole('button', { name: `Delete ${LONG_FILE_NAME}` }).click();
      const confirm = page.getByRole('alertdialog');
      const deleteButton = confirm.getByRole('button', { name: 'Delete CV' });
      expect(await deleteButton.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(180, 35, 24)');
      const message = confirm.locator('p').first();
      expect(await message.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      // Only the name breaks inside a word: the words around it keep whole.
      expect(await confirm.locator('.file-name').textContent()).toBe(LONG_FILE_NAME);
      await look(page, 'cvs-delete-long-name');
      await confirm.getByRole('button', { name: 'Cancel' }).click();
    },
  );
});

describe("the phone's CV picker", () => {
  it("shows a long file name whole and 'Last used on {date}' on one line of its own", async () => {
    const page = await openPage({ viewport: PHONE });
    await openApplyPage(page, employer.jobs[2]!.id);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await waitForApplyStep(page, 'login');
    await page.getByLabel('Email', { exact: true }).fill(applied.candidate.email);
    const since = await mailboxMark();
    await page.getByRole('button', { name: 'Get a verification code' }).click();
    await enterApplyCode(page, applied.candidate.email, since);
    await waitForApplyStep(page, 'cvSelection');
    // The CV it applied with (newest first, other CVs may come before it).
    const meta = page.locator('.cv-option__meta', { hasText: 'Last used on' }).first();
    expect(await meta.innerText()).toMatch(/^Last used on \d{1,2} \w{3} \d{4}$/);
    const lines = await meta.evaluate((el) => {
      const style = getComputedStyle(el);
      return Math.round(el.getBoundingClientRect().height / parseFloat(style.lineHeight || '20'));
    });
    expect(lines, "'Last used on' on one line").toBe(1);
    const name = page.locator('.cv-option__name', { hasText: 'curriculum-vitae' }).first();
    expect(await name.evaluate((el) => el.getBoundingClientRect().right <= window.innerWidth)).toBe(true);
    await look(page, 'apply-cv-picker');
    await expectNoAxeViolations(page, 'cv picker at 360 px');
  });
});
