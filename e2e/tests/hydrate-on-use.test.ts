/**
 * Parts hydrated on their first use (docs/decisions/0464), in Chromium against the whole stack: the careers
 * page's job-alert sign-up and "Send us your CV", and /jobs' sign-up, are the server's HTML until a visitor
 * uses them; their scripts are not loaded before. A keyboard alone signs up for an alert (the focus stays in
 * the field as the form hydrates); what is typed and pressed while a part's script is still on its way is kept
 * and acted on once it is hydrated.
 */
import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { registerCandidateByApi } from '../support/apply-flows';
import { DESKTOP, PHONE, usePortalPages } from '../support/browser';
import { newEmployer } from '../support/employer';
import { newCandidate, signedInStateByApi } from '../support/flows';
import { waitForMail } from '../support/mailbox';
import { WAIT_MS } from '../support/waits';

const openPage = usePortalPages();

const ALERT_CHUNK = /\/assets\/job-alert-signup-[\w-]+\.js$/;
const CV_DROP_CHUNK = /\/assets\/careers-cv-drop-[\w-]+\.js$/;
const DONE = 'Check your email: open the link we sent you to start the job alert.';

let slug: string;

beforeAll(async () => {
  const employer = await newEmployer('hydrate-on-use');
  const res = await fetch(`${inject('stack').candidateUrl}/business/careers-page`, {
    headers: { authorization: `Bearer ${employer.accessToken}` },
  });
  expect(res.status).toBe(200);
  slug = ((await res.json()) as { slug: string }).slug;
});

/** Every script the page asks for, from its first request on. */
function scriptsAskedFor(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request: Request) => {
    if (request.resourceType() === 'script') urls.push(request.url());
  });
  return urls;
}

/**
 * A page started on use (docs/decisions/0479) after its first paint and a task more, when any other page has
 * added its scripts: it has added none, and asked for none.
 */
async function expectNoScriptsAfterFirstPaint(page: Page, scripts: string[]) {
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
  const moduleScripts = await page.evaluate(async () => {
    await new Promise((resolve) => setTimeout(resolve, 100));
    return document.querySelectorAll('script[type=module], link[rel=modulepreload]').length;
  });
  expect(moduleScripts).toBe(0);
  expect(scripts).toEqual([]);
  expect(
    await page.evaluate(() => (window as unknown as { careersBoot?: { hydrated: boolean } }).careersBoot?.hydrated),
  ).toBe(false);
}

/** The page itself is hydrated: its inline script's early input was handed over (first-paint/replay-input.ts). */
async function pageHydrated(page: Page) {
  await page.waitForFunction(
    () => (window as unknown as { careersBoot?: { hydrated: boolean } }).careersBoot?.hydrated === true,
    undefined,
    { timeout: WAIT_MS },
  );
}

/** Holds the requests for a chunk until `release()`: the part's script is then still on its way. */
async function holdChunk(page: Page, chunk: RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route(chunk, async (route) => {
    asked = true;
    await released;
    await route.continue();
  });
  return { release, asked: () => asked };
}

const activeElement = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLInputElement | null;
    return { name: active?.getAttribute('name') ?? null, text: active?.textContent ?? '', value: active?.value };
  });

describe('parts of a careers page hydrated on their first use', () => {
  it('signs up for a job alert by keyboard alone: the form hydrates as the focus reaches it, and keeps it', async () => {
    const address = `keys-${Date.now()}@example.test`;
    const page = await openPage({ viewport: DESKTOP });
    const scripts = scriptsAskedFor(page);
    await page.goto(`/careers/${slug}`);
    // Read, not used: no script is loaded (the page's own neither), and the alert's button waits for its own.
    await expectNoScriptsAfterFirstPaint(page, scripts);
    const signup = page.getByRole('region', { name: 'Tell me about new jobs' });
    const button = signup.getByRole('button', { name: 'Email me new jobs' });
    expect(await button.isDisabled()).toBe(true);

    // Tab from the top of the page to the address field.
    let tabs = 0;
    while ((await activeElement(page)).name !== 'email' && tabs++ < 80) await page.keyboard.press('Tab');
    expect((await activeElement(page)).name).toBe('email');
    await expect.poll(() => button.isEnabled()).toBe(true);
    expect(scripts.filter((url) => ALERT_CHUNK.test(url))).toHaveLength(1);
    await pageHydrated(page);
    // Hydrated in place: the focus is still in the field, and typing goes on there.
    expect(await activeElement(page)).toMatchObject({ name: 'email', value: '' });
    await page.keyboard.type(address);
    await page.keyboard.press('Enter');

    // The bot check's proof of work is solved in the page first (seconds on a busy machine).
    await signup.getByText(DONE).waitFor({ timeout: 60_000 });
    await expect.poll(async () => (await activeElement(page)).text).toContain('Check your email');
    const mail = await waitForMail(address, { match: (m) => m.subject === 'Confirm your job alert' });
    expect(mail.links.some((link) => link.includes('/job-alerts/confirm?token='))).toBe(true);
    // The CV drop was not used: its script was never loaded.
    expect(scripts.filter((url) => CV_DROP_CHUNK.test(url))).toEqual([]);
  });

  it('keeps an address typed and an Enter pressed while the sign-up’s script was still on its way', async () => {
    const address = `early-${Date.now()}@example.test`;
    const page = await openPage({ viewport: PHONE });
    const chunk = await holdChunk(page, ALERT_CHUNK);
    await page.goto(`/careers/${slug}`);
    const signup = page.getByRole('region', { name: 'Tell me about new jobs' });
    const field = signup.getByLabel('Your email address');
    // The first touch starts the page's scripts, then the part's (the page hydrates while the address is typed).
    await field.click();
    await page.keyboard.type(address);
    await page.keyboard.press('Enter');
    // Its script was asked for after the first touch, and is held back: the form is still the server's.
    await expect.poll(() => chunk.asked()).toBe(true);
    expect(await signup.getByRole('button', { name: 'Email me new jobs' }).isDisabled()).toBe(true);
    expect(await field.inputValue()).toBe(address);
    expect(new URL(page.url()).search).toBe('');

    chunk.release();
    // Hydrated: the address typed is the form's, and the Enter pressed sends it.
    await signup.getByText(DONE).waitFor({ timeout: 60_000 });
    expect(new URL(page.url()).search).toBe('');
    const mail = await waitForMail(address, { match: (m) => m.subject === 'Confirm your job alert' });
    expect(mail.text).toContain('New jobs at');
  });

  it('keeps a name typed into "Send us your CV" and a press of Send my CV made before it hydrated', async () => {
    const page = await openPage({ viewport: PHONE });
    const chunk = await holdChunk(page, CV_DROP_CHUNK);
    await page.goto(`/careers/${slug}`);
    const cvDrop = page.getByRole('region', { name: 'Send us your CV' });
    await cvDrop.getByLabel('Name').fill('Ada Early');
    await cvDrop.getByRole('button', { name: 'Send my CV' }).click();
    await expect.poll(() => chunk.asked()).toBe(true);
    // Held: not sent the browser's way (the details in the address), and no message of the app yet.
    expect(new URL(page.url()).search).toBe('');
    expect(await cvDrop.getByText('Please enter your email').count()).toBe(0);

    chunk.release();
    // The press reaches the app once hydrated: it asks for what is missing, not for the name typed before.
    await cvDrop.getByText('Please enter your email').waitFor({ timeout: WAIT_MS });
    expect(await cvDrop.getByText('Please enter your name').count()).toBe(0);
    expect(await cvDrop.getByLabel('Name').inputValue()).toBe('Ada Early');
    expect(new URL(page.url()).search).toBe('');
  });
});

describe('a signed-in visitor on a careers page', () => {
  it('gets the CV drop hydrated with the page: it restores the session and offers the CVs without being used', async () => {
    const candidate = newCandidate('careers-signed-in');
    await registerCandidateByApi(candidate);
    const page = await openPage({ viewport: DESKTOP, storageState: await signedInStateByApi(candidate.email) });
    const scripts = scriptsAskedFor(page);
    await page.goto(`/careers/${slug}`);
    const cvDrop = page.getByRole('region', { name: 'Send us your CV' });
    await cvDrop.getByRole('heading', { name: 'Choose a CV' }).waitFor({ timeout: WAIT_MS });
    await cvDrop.getByRole('button', { name: 'Logout' }).waitFor();
    // The restored drop takes no focus: the page stays at its top, on the business and its jobs.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await cvDrop.evaluate((drop) => drop.contains(document.activeElement))).toBe(false);
    expect(scripts.filter((url) => CV_DROP_CHUNK.test(url))).toHaveLength(1);
    // The alert sign-up still waits for its use.
    expect(scripts.filter((url) => ALERT_CHUNK.test(url))).toEqual([]);
  });
});

describe('/jobs', () => {
  it('loads the alert sign-up’s script only once it is used, then hydrates it in place', async () => {
    const page = await openPage({ viewport: DESKTOP });
    const scripts = scriptsAskedFor(page);
    await page.goto('/jobs?q=baker');
    await expectNoScriptsAfterFirstPaint(page, scripts);
    const signup = page.getByRole('region', { name: 'Tell me about new jobs' });
    const button = signup.getByRole('button', { name: 'Email me new jobs' });
    expect(await button.isDisabled()).toBe(true);
    const form = await signup.locator('form').elementHandle();
    await signup.getByLabel('Your email address').hover();
    await expect.poll(() => button.isEnabled()).toBe(true);
    expect(scripts.filter((url) => ALERT_CHUNK.test(url))).toHaveLength(1);
    // The same form, hydrated rather than rendered anew.
    expect(await form?.evaluate((element) => element.isConnected)).toBe(true);
  });
});
