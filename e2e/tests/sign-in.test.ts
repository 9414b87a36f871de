/**
 * Sign in by e-mailed one-time code (SPEC §2 login and signup screens, §4 login flow) end to end:
 * portal UI, identity service, SMTP, candidate service.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPortalPage } from '../support/browser';
import { newCandidate, signInByCode, signUpByCode, type CandidateDetails } from '../support/flows';

let browser: Browser;
const pages: Page[] = [];
let candidate: CandidateDetails;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await Promise.all(pages.splice(0).map((p) => p.context().close()));
});

async function freshPage() {
  const page = await openPortalPage(browser);
  pages.push(page);
  return page;
}

describe('sign in by code', () => {
  it('a new candidate signs up with the e-mailed code and lands on the applications', async () => {
    candidate = newCandidate('signup');
    const page = await freshPage();
    await signUpByCode(page, candidate);
    // The dashboard layout with its side menu (SPEC §2), not the login page.
    await expect.poll(() => page.getByRole('link', { name: 'Job Applications' }).isVisible(), { timeout: 15_000 }).toBe(true);
  });

  it('the candidate signs in again from another browser with a new code', async () => {
    expect(candidate, 'needs the account of the previous test').toBeDefined();
    const page = await freshPage();
    await signInByCode(page, candidate.email);
    await expect.poll(() => page.getByRole('link', { name: 'Job Applications' }).isVisible(), { timeout: 15_000 }).toBe(true);
  });

  it('after sign-in the candidate goes back to the guarded page they asked for, query included', async () => {
    const page = await freshPage();
    await page.goto('/cvs?x=1&y=2');
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/account/login');
    await signInByCode(page, candidate.email, { returnUrl: new URL(page.url()).searchParams.get('returnUrl') ?? '' });
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/cvs?x=1&y=2');
  });
});
