/**
 * The candidate's own data end to end (product.md §1, §4 "updating the profile also updates the account name",
 * §4 e-mail change, §7): profile, contact form, e-mail change with the codes e-mailed to the new and the
 * current address and its undo link, and deleting the account with a fresh code, against the real
 * identity and candidate services.
 */
import type { BrowserContextOptions, Page, Request } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoSidewaysScroll, registerCandidateByApi } from '../support/apply-flows';
import { expectNoAxeViolations } from '../support/axe';
import { PHONE, usePortalPages } from '../support/browser';
import { pdfCv } from '../support/files';
import { newCandidate, signedInStateByApi, signInByCode, signUpByCode } from '../support/flows';
import { latestCode, latestLink, mailboxMark, mailFor, waitForMail } from '../support/mailbox';
import { WAIT_MS } from '../support/waits';

const openPage = usePortalPages();

async function freshPage(options: BrowserContextOptions = {}) {
  const page = await openPage(options);
  return page;
}

const path = (page: Page) => new URL(page.url()).pathname;

/** Whether the identity service still renews the session a page keeps (its stored refresh token). */
async function sessionRenews(page: Page): Promise<boolean> {
  const stored = await page.evaluate(() => localStorage.getItem('careers-portal.auth'));
  const { accessToken, refreshToken } = JSON.parse(stored ?? '{}') as { accessToken?: string; refreshToken?: string };
  const res = await fetch(new URL('/api/account/refresh', inject('stack').identityUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ accessToken, refreshToken, ipAddress: '0.0.0.0' }),
  });
  return res.status === 200;
}
/**
 * A candidate of the test's own (made through the APIs as the portal's sign-up makes it), signed in by
 * code through the identity API: the browser state that sign-in leaves starts the test's pages signed in.
 */
async function signedInCandidate(label: string) {
  const candidate = newCandidate(label);
  await registerCandidateByApi(candidate);
  return { candidate, signedIn: await signedInStateByApi(candidate.email) };
}

/** The signed-in user's name in the dashboard's top bar. */
const shownName = (page: Page) => page.locator('header .dashboard__user');

describe('profile, contact and e-mail change', () => {
  // One candidate for the profile's refusal and its save, one for the contact form's refusal and its message:
  // each refusal is checked first, on the page the save or the message then goes through (a page, an account
  // and a sign-in fewer each than a test apiece).
  it(
    'an empty profile field is refused with its SPEC message and nothing is saved; saving updates the name shown, the stored profile and the account name',
    { timeout: 120_000 },
    async () => {
      const { candidate, signedIn } = await signedInCandidate('account');
      const newName = `Renamed ${candidate.name.split(' ').at(-1)}`;
      const page = await freshPage({ storageState: signedIn });
      const saves: string[] = [];
      const onRequest = (r: Request) => {
        if (r.method() === 'PUT') saves.push(r.url());
      };
      page.on('request', onRequest);
      await page.goto('/profile');
      const name = page.getByLabel('Name', { exact: true });
      await expect.poll(() => name.inputValue(), { timeout: WAIT_MS }).toBe(candidate.name);
      expect(await page.getByLabel('Post code', { exact: true }).inputValue()).toBe(candidate.postCode);
      await expect.poll(() => shownName(page).innerText(), { timeout: WAIT_MS }).toBe(candidate.name);

      // Empty: refused with SPEC's messages, nothing sent, nothing kept.
      await name.fill('');
      await page.getByLabel('Post code', { exact: true }).fill('');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect
        .poll(() => page.getByText('Please enter your name', { exact: true }).isVisible(), { timeout: WAIT_MS })
        .toBe(true);
      expect(await page.getByText('Please enter your post code', { exact: true }).isVisible()).toBe(true);
      expect(saves).toEqual([]);
      page.off('request', onRequest);
      await page.reload();
      await expect
        .poll(() => page.getByLabel('Name', { exact: true }).inputValue(), { timeout: WAIT_MS })
        .toBe(candidate.name);

      // Saved.
      await name.fill(newName);
      await page.getByLabel('Phone number', { exact: true }).fill('07700 900456');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect
        .poll(() => page.getByRole('status').filter({ hasText: 'Your profile has been saved.' }).isVisible(), {
          timeout: WAIT_MS,
        })
        .toBe(true);
      expect(await shownName(page).innerText()).toBe(newName);

      // Kept by the candidate service…
      await page.reload();
      await expect
        .poll(() => page.getByLabel('Name', { exact: true }).inputValue(), { timeout: WAIT_MS })
        .toBe(newName);
      expect(await page.getByLabel('Phone number', { exact: true }).inputValue()).toBe('07700 900456');
      // …and by the identity service: a new sign-in elsewhere greets the new name.
      const elsewhere = await freshPage({ storageState: await signedInStateByApi(candidate.email) });
      await elsewhere.goto('/applications');
      await expect.poll(() => shownName(elsewhere).innerText(), { timeout: WAIT_MS }).toBe(newName);
    },
  );

  it('the contact form is filled in from the account, refuses an empty message before anything is sent, and sends the message', async () => {
    const { candidate, signedIn } = await signedInCandidate('account-contact');
    const page = await freshPage({ storageState: signedIn });
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/contact/contact')) sent.push(r.method());
    });
    await page.goto('/contact-us');
    await expect
      .poll(() => page.getByLabel('Email', { exact: true }).inputValue(), { timeout: WAIT_MS })
      .toBe(candidate.email);
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe(candidate.name);

    // Empty: refused before anything is sent.
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => page.getByText('Please enter your message').isVisible(), { timeout: WAIT_MS }).toBe(true);
    expect(sent).toEqual([]);

    const message = page.getByLabel('How can we help?');
    await message.fill('Where is my application for the warehouse job?');
    const answer = page.waitForResponse(
      (r) => r.url().endsWith('/api/contact/contact') && r.request().method() === 'POST',
      { timeout: WAIT_MS },
    );
    await page.getByRole('button', { name: 'Send message' }).click();
    expect((await answer).status()).toBe(200);
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Thank you, your message has been sent.' }).isVisible(), {
        timeout: WAIT_MS,
      })
      .toBe(true);
    expect(await message.inputValue()).toBe('');
  });

  it('the e-mail address changes with a code to the new address and one to the current address; other sessions end; the old address can undo it', async () => {
    const { candidate, signedIn } = await signedInCandidate('account-email');
    const page = await freshPage({ storageState: signedIn });
    // Another session of the same account (a sign-in of its own), open in another browser.
    const elsewhere = await freshPage({ storageState: await signedInStateByApi(candidate.email) });
    await elsewhere.goto('/applications');
    await expect.poll(() => shownName(elsewhere).innerText(), { timeout: WAIT_MS }).toBe(candidate.name);

    const newEmail = newCandidate('changed').email;
    await page.goto('/user-account');
    await page.getByLabel(/^New email address/).fill(newEmail);
    const since = await mailboxMark();
    await page.getByRole('button', { name: 'Send verification code' }).click();
    const newCode = page.getByLabel(`Code sent to ${newEmail}`);
    await newCode.waitFor({ timeout: WAIT_MS });
    await newCode.fill(await latestCode(newEmail, { since }));
    // The current address's code is required: without it nothing is sent.
    await page.getByRole('button', { name: 'Confirm new email' }).click();
    await expect
      .poll(() => page.getByText('Please enter the verification code sent to your current email address').isVisible(), {
        timeout: WAIT_MS,
      })
      .toBe(true);
    // The two codes leave through the outbox one after the other: wait for the current address's to arrive.
    await latestCode(candidate.email, { since });
    const toCurrent = (await mailFor(candidate.email, since)).filter((m) => m.code !== null);
    expect(toCurrent.map((m) => m.subject)).toEqual([expect.stringMatching(/code to approve an email change: \d{6}$/)]);
    await page.getByLabel(`Code sent to ${candidate.email}`).fill(toCurrent[0]!.code!);
    await page.getByRole('button', { name: 'Confirm new email' }).click();
    await expect
      .poll(
        () =>
          page
            .getByRole('status')
            .filter({ hasText: `Your email address is now ${newEmail}.` })
            .isVisible(),
        { timeout: WAIT_MS },
      )
      .toBe(true);
    expect(await page.getByText(`You sign in with ${newEmail}.`).isVisible()).toBe(true);

    // The session elsewhere is over; this one goes on.
    expect(await sessionRenews(elsewhere)).toBe(false);
    await page.reload();
    await expect
      .poll(() => page.getByText(`You sign in with ${newEmail}.`).isVisible(), { timeout: WAIT_MS })
      .toBe(true);

    // The old address has no account any more; the new one signs in and sees the same candidate.
    const other = await freshPage();
    await other.goto('/account/login');
    await other.getByLabel('Email', { exact: true }).fill(candidate.email);
    await other.getByRole('button', { name: 'Get a verification code' }).click();
    await expect
      .poll(() => other.getByRole('alert').filter({ hasText: 'Invalid email address' }).isVisible(), {
        timeout: WAIT_MS,
      })
      .toBe(true);
    await signInByCode(other, newEmail);
    await expect.poll(() => shownName(other).innerText(), { timeout: WAIT_MS }).toBe(candidate.name);

    // The old address was told, with a link that puts it back and signs out everywhere. Opening it
    // changes nothing (mail scanners open links): the page asks for one press.
    const undo = await latestLink(candidate.email, '/account/undo-email-change/', { since });
    const owner = await freshPage();
    await owner.goto(undo);
    const restore = owner.getByRole('button', { name: 'Restore this email address' });
    await restore.waitFor({ timeout: WAIT_MS });
    expect(await owner.title()).toBe('Undo email change · Careers Portal');
    await expect
      .poll(() => owner.evaluate(() => document.activeElement?.textContent), { timeout: WAIT_MS })
      .toBe('Undo email change');
    await other.reload();
    await expect.poll(() => shownName(other).innerText(), { timeout: WAIT_MS }).toBe(candidate.name);
    await restore.click();
    await expect
      .poll(() => owner.getByRole('heading', { name: 'Email address restored' }).isVisible(), { timeout: WAIT_MS })
      .toBe(true);
    expect(await sessionRenews(page)).toBe(false);
    expect(await sessionRenews(other)).toBe(false);
    await owner.getByRole('link', { name: 'Sign in', exact: true }).click();
    await signInByCode(owner, candidate.email);
    await expect.poll(() => shownName(owner).innerText(), { timeout: WAIT_MS }).toBe(candidate.name);
    await owner.goto('/user-account');
    await expect
      .poll(() => owner.getByText(`You sign in with ${candidate.email}.`).isVisible(), { timeout: WAIT_MS })
      .toBe(true);

    // The link works once.
    const again = await freshPage();
    await again.goto(undo);
    await again.getByRole('button', { name: 'Restore this email address' }).click({ timeout: WAIT_MS });
    await expect
      .poll(() => again.getByRole('alert').filter({ hasText: 'This link has already been used.' }).isVisible(), {
        timeout: WAIT_MS,
      })
      .toBe(true);
  });
});

describe('the e-mail change on a phone (360 px)', () => {
  it('a pending change survives a reload, and a long new address wraps instead of widening the page', async () => {
    const { candidate, signedIn } = await signedInCandidate('account-pending');
    const page = await freshPage({ storageState: signedIn, viewport: PHONE });
    const newEmail = `a-rather-long-new-address-${Date.now()}@subdomain.example-long-domain.com`;
    await page.goto('/user-account');
    await page.getByLabel(/^New email address/).fill(newEmail);
    const since = await mailboxMark();
    await page.getByRole('button', { name: 'Send verification code' }).click();
    await page.getByLabel(`Code sent to ${newEmail}`).waitFor({ timeout: WAIT_MS });

    // Reloaded: the codes are still asked for, as the identity service keeps the change (decision 0361).
    await page.reload();
    const newCode = page.getByLabel(`Code sent to ${newEmail}`);
    await newCode.waitFor({ timeout: WAIT_MS });
    await expectNoSidewaysScroll(page, 'the account page with a pending change at 360 px');
    await expectNoAxeViolations(page, 'the account page with a pending change at 360 px');
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/account-pending-360.png`, fullPage: true });
    await newCode.fill(await latestCode(newEmail, { since }));
    await page.getByLabel(`Code sent to ${candidate.email}`).fill(await latestCode(candidate.email, { since }));
    await page.getByRole('button', { name: 'Confirm new email' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Your email address is now ${newEmail}.` })
      .waitFor({ timeout: WAIT_MS });
    // The banner naming the long address wraps (it made the page 399 px wide).
    await expectNoSidewaysScroll(page, 'the account page after an e-mail change at 360 px');
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/account-changed-360.png`, fullPage: true });
    // Confirmed: a reload shows the form again, nothing pending.
    await page.reload();
    await page.getByLabel(/^New email address/).waitFor({ timeout: WAIT_MS });
    expect(await page.getByLabel(`Code sent to ${newEmail}`).count()).toBe(0);
  });
});

describe('deleting the account (product.md §7 DELETE /candidate, DELETE /api/user)', () => {
  // Two accounts, two codes, a deletion and its receipt: more than the default minute on a loaded machine.
  it(
    'needs a fresh e-mailed code, then signs out, ends the session, and the same e-mail can sign up again as a new account',
    { timeout: 120_000 },
    async () => {
      // The account to delete, made and signed in through the APIs (signing up through the form is checked
      // below, when the freed address signs up again).
      const { candidate, signedIn: started } = await signedInCandidate('delete');
      const page = await freshPage({ storageState: started });
      // Something to lose: a CV.
      await page.goto('/cvs');
      await page.locator('input[type="file"]').waitFor({ state: 'attached', timeout: WAIT_MS });
      // The session as the browser keeps it now, to try again once the account is gone.
      const signedIn = await page.context().storageState();
      const cv = pdfCv('To be deleted.pdf', candidate.name);
      await page.locator('input[type="file"]').setInputFiles(cv);
      await page.getByRole('button', { name: 'Upload CV' }).click();
      await page.getByRole('heading', { name: cv.name, exact: true }).waitFor({ timeout: WAIT_MS });

      await page.getByRole('link', { name: 'Candidate Account', exact: true }).click();
      const since = await mailboxMark();
      await page.getByRole('button', { name: 'Delete my account' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
      await expect.poll(() => dialog.getByRole('status').isVisible(), { timeout: WAIT_MS }).toBe(true);
      const confirm = dialog.getByRole('button', { name: 'Delete account' });
      expect(await confirm.isDisabled()).toBe(true);
      const code = await latestCode(candidate.email, { since });
      // A wrong code deletes nothing.
      await dialog.getByLabel('Verification code').fill(String((Number(code) + 1) % 1_000_000).padStart(6, '0'));
      await confirm.click();
      await expect
        .poll(() => dialog.getByRole('alert').filter({ hasText: 'Invalid verification code.' }).isVisible(), {
          timeout: WAIT_MS,
        })
        .toBe(true);
      expect(path(page)).toBe('/user-account');
      await dialog.getByLabel('Verification code').fill(code);
      await confirm.click();
      await expect.poll(() => path(page), { timeout: WAIT_MS }).toBe('/account/login');
      // The sign-in page says what happened.
      await expect
        .poll(() =>
          page.getByText('Your account has been deleted, with your profile, CVs and applications.').isVisible(),
        )
        .toBe(true);
      // The address gets a receipt: what went and when, with no link that signs in (decision 0360).
      const receipt = await waitForMail(candidate.email, {
        since,
        match: (m) => m.subject === 'Your Careers Portal account has been deleted',
      });
      expect(receipt.text).toContain('Your CVs');
      // When, in words and with its zone (decision 0557): "Thursday 3 December 2026, 15:28 (UTC)".
      expect(receipt.text).toMatch(/Deleted on\s*:?\s*\w+ \d{1,2} \w+ \d{4}, \d{2}:\d{2} \(UTC\)/);
      expect(receipt.links.filter((link) => !link.endsWith('/contact-us'))).toEqual([]);
      // Not asserted here: the login page arrives with ?returnUrl=/user-account (the guard of the page being left
      // still sees the cleared session); SPEC does not say what the address should be after a deletion.

      // Signed out here…
      await page.goto('/applications');
      await expect.poll(() => path(page), { timeout: WAIT_MS }).toBe('/account/login');
      // …and the session saved before the deletion is dead too.
      const stale = await freshPage({ storageState: signedIn });
      await stale.goto('/applications');
      await expect.poll(() => path(stale), { timeout: WAIT_MS }).toBe('/account/login');

      // The address is free again: signing up makes a new, empty account.
      const again = await freshPage();
      await signUpByCode(again, { ...candidate, name: `${candidate.name} Again` });
      await expect.poll(() => again.getByText('No applications yet').isVisible(), { timeout: WAIT_MS }).toBe(true);
      await again.goto('/cvs');
      await expect.poll(() => again.getByText('No CVs yet').isVisible(), { timeout: WAIT_MS }).toBe(true);
      expect(await again.getByRole('heading', { name: cv.name, exact: true }).count()).toBe(0);
    },
  );
});
