/**
 * A business is a team (docs/decisions/0270): the owner invites a recruiter and a hiring manager from the
 * Team page; the hiring manager joins from the e-mailed link, sees only the job given to them and leaves a
 * note; the owner removes them and they are locked out at once. Accounts, jobs and the application are
 * made over the API: the pages under test are the Team page, the invitation link's page and the console
 * as each role sees it.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createEmployer } from '@careers/test-support/employer';
import { pdfFile } from '@careers/test-support/fixtures';
import { expectPath, registerCandidateByApi } from '../support/apply-flows';
import { DESKTOP, PHONE, usePortalPages } from '../support/browser';
import { mailboxResetLink, stackApi } from '../support/api';
import { applyViaApi, proveEmployerAddress } from '../support/employer';
import { newCandidate } from '../support/flows';
import { useLooks } from '../support/screens';
import { mailboxMark, waitForMail } from '../support/mailbox';
import { WAIT_MS } from '../support/waits';

const openPage = usePortalPages();
const look = useLooks('employer-team');

/** An employer account with a proved address and no business yet: someone to invite. */
async function employerAccount(label: string) {
  const id = randomUUID().slice(0, 8);
  const email = `${label}-${id}@example.com`;
  const password = `${label}-${id}-password`;
  const registered = await stackApi().identity.registerBusinessUser({
    name: `${label[0]!.toUpperCase()}${label.slice(1)} ${id}`,
    email,
    phone: '0113 496 0001',
    password,
  });
  if (!registered.succeeded) throw new Error(`registration of ${email} failed: ${registered.errors.join('; ')}`);
  const token = await proveEmployerAddress(email, password);
  return { email, password, token, name: `${label[0]!.toUpperCase()}${label.slice(1)} ${id}` };
}

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** The invitation e-mail's link, from the mailbox. */
async function invitationLink(email: string, since: number) {
  const mail = await waitForMail(email, { since, match: (m) => m.links.some((l) => l.includes('/employer/join/')) });
  return { mail, link: mail.links.find((l) => l.includes('/employer/join/'))! };
}

describe('an employer team', () => {
  it(
    'owner invites a recruiter and a hiring manager; the hiring manager sees only their job and leaves a note; removed, they are locked out',
    { timeout: 180_000 },
    async () => {
      const api = stackApi();
      const owner = await createEmployer(api, {
        label: 'teamowner',
        resetLink: mailboxResetLink,
        jobs: [{ title: 'Team Welder' }, { title: 'Team Driver' }],
      });
      const [welder, driver] = owner.jobs;
      const candidate = newCandidate('teamapplicant');
      const who = await registerCandidateByApi(candidate, [pdfFile(`${candidate.name} CV.pdf`)]);
      const applicationId = await applyViaApi(who.token, welder!.id, who.cvs[0]!.cvId);
      await applyViaApi(who.token, driver!.id, who.cvs[0]!.cvId);
      // The recruiter has no employer account yet: they make it from the invitation's page.
      const recruiter = { email: `recruiter-${randomUUID().slice(0, 8)}@example.com`, name: 'Rae Recruiter' };
      const manager = await employerAccount('manager');

      // The owner's Team page: one member, a clear error for a bad address, then two invitations.
      const ownerPage = await openPage({ viewport: DESKTOP });
      await ownerPage.goto('/employer/login');
      await signInWithPassword(ownerPage, owner.email, owner.password);
      await expectPath(ownerPage, '/employer');
      await ownerPage.getByRole('navigation', { name: 'Employer menu' }).getByRole('link', { name: 'Team' }).click();
      const teamHeading = ownerPage.getByRole('heading', { name: 'Team', level: 1 });
      await teamHeading.waitFor();
      expect(await ownerPage.title()).toBe('Team · Employer · Careers Portal');
      await expect.poll(() => teamHeading.evaluate((node) => node === document.activeElement)).toBe(true);
      await ownerPage.getByRole('heading', { name: 'Members (1)' }).waitFor();

      const email = ownerPage.getByLabel('Email address', { exact: true });
      await email.fill('not-an-address');
      await ownerPage.getByRole('button', { name: 'Send invitation' }).click();
      await ownerPage.getByText('Enter a valid e-mail address, like name@example.com.').waitFor();

      const since = await mailboxMark();
      await email.fill(recruiter.email);
      await ownerPage.getByLabel('Role', { exact: true }).first().selectOption('Recruiter');
      await ownerPage.getByRole('button', { name: 'Send invitation' }).click();
      await ownerPage.getByText(`Invitation sent to ${recruiter.email}.`).waitFor();
      await email.fill(manager.email);
      await ownerPage.getByLabel('Role', { exact: true }).first().selectOption('HiringManager');
      await ownerPage.getByRole('button', { name: 'Send invitation' }).click();
      await ownerPage.getByRole('heading', { name: 'Pending invitations (2)' }).waitFor();
      // The same address again: said plainly, nothing lost.
      await email.fill(manager.email);
      await ownerPage.getByRole('button', { name: 'Send invitation' }).click();
      await ownerPage.getByText(`${manager.email} is invited already: resend that invitation instead.`).waitFor();

      // The recruiter makes their employer account from the link; the welcome e-mail sets the password and
      // opens the console, where the invitation waits.
      const recruiterInvite = await invitationLink(recruiter.email, since);
      expect(recruiterInvite.mail.subject).toContain(`invites you to join ${owner.business.name}`);
      const recruiterPage = await openPage({ viewport: DESKTOP });
      await recruiterPage.goto(new URL(recruiterInvite.link).pathname);
      await recruiterPage.getByRole('heading', { name: 'New here? Create your employer account' }).waitFor();
      await look(recruiterPage, 'join', '1280 px');
      await recruiterPage.getByLabel('Your name', { exact: true }).fill(recruiter.name);
      await recruiterPage.getByLabel('Phone', { exact: true }).fill('07700 900789');
      const welcomeSince = await mailboxMark();
      await recruiterPage.getByRole('button', { name: 'Create account' }).click();
      await recruiterPage.getByText(`Check your inbox at ${recruiter.email}`).waitFor({ timeout: WAIT_MS });
      const welcome = await waitForMail(recruiter.email, {
        since: welcomeSince,
        match: (m) => m.links.some((l) => l.includes('/employer/welcome/')),
      });
      await recruiterPage.goto(new URL(welcome.links.find((l) => l.includes('/employer/welcome/'))!).pathname);
      await recruiterPage.getByLabel('New password', { exact: true }).fill('a recruiter passphrase 2026');
      await recruiterPage.getByLabel('Confirm password', { exact: true }).fill('a recruiter passphrase 2026');
      await recruiterPage.getByRole('button', { name: 'Save password and open the console' }).click();
      await expectPath(recruiterPage, '/employer');
      await recruiterPage.getByRole('heading', { name: 'You are invited' }).waitFor({ timeout: WAIT_MS });
      await recruiterPage.getByRole('button', { name: `Join ${owner.business.name}` }).click();
      // A recruiter sees every job and may post one; the team and the business are the owners'.
      await recruiterPage.getByRole('link', { name: 'Team Driver' }).waitFor({ timeout: WAIT_MS });
      await recruiterPage.getByRole('link', { name: 'Team Welder' }).waitFor();
      await recruiterPage.getByRole('link', { name: 'Post a job' }).waitFor();
      const recruiterMenu = recruiterPage.getByRole('navigation', { name: 'Employer menu' });
      expect(await recruiterMenu.getByRole('link', { name: 'Team' }).count()).toBe(0);

      // The hiring manager opens the link signed out, signs in from it and joins.
      const { link } = await invitationLink(manager.email, since);
      const managerPage = await openPage({ viewport: PHONE });
      await managerPage.goto(new URL(link).pathname);
      await managerPage.getByRole('heading', { name: `Join ${owner.business.name}`, level: 1 }).waitFor();
      await managerPage.getByText(/You are invited as/).waitFor();
      await look(managerPage, 'join', '360 px');
      await managerPage.getByRole('link', { name: 'Sign in to join' }).click();
      await expectPath(managerPage, '/employer/login');
      await signInWithPassword(managerPage, manager.email, manager.password);
      await managerPage.getByRole('button', { name: `Join ${owner.business.name}` }).click();
      await expectPath(managerPage, '/employer');
      await managerPage.getByText('No jobs given to you yet').waitFor({ timeout: WAIT_MS });
      const managerMenu = managerPage.getByRole('navigation', { name: 'Employer menu' });
      expect(await managerMenu.getByRole('link', { name: 'Team' }).count()).toBe(0);

      // The owner sees three people with their roles and gives the hiring manager one job.
      await ownerPage.reload();
      await ownerPage.getByRole('heading', { name: 'Members (3)' }).waitFor({ timeout: WAIT_MS });
      const members = ownerPage.locator('.employer-team__member').filter({ hasText: '@' });
      await expect
        .poll(async () => (await members.locator('.badge').allInnerTexts()).map((t) => t.replace(/^Role:\s*/, '')))
        .toEqual(['Owner', 'Recruiter', 'Hiring manager']);
      const managerCard = ownerPage.locator('.employer-team__member').filter({ hasText: manager.email });
      await managerCard.getByRole('checkbox', { name: 'Team Welder' }).check();
      await managerCard.getByRole('button', { name: 'Save jobs' }).click();
      await ownerPage.getByText(`Jobs saved for ${manager.name}.`).waitFor();
      await look(ownerPage, 'team', '1280 px');
      await ownerPage.setViewportSize(PHONE);
      await look(ownerPage, 'team', '360 px');
      await ownerPage.setViewportSize(DESKTOP);

      // The hiring manager: only the Welder job, its application, no Move, a note that names them.
      await managerPage.reload();
      await managerPage.getByRole('link', { name: 'Team Welder' }).waitFor({ timeout: WAIT_MS });
      expect(await managerPage.getByRole('link', { name: 'Team Driver' }).count()).toBe(0);
      expect(await managerPage.getByRole('link', { name: 'Post a job' }).count()).toBe(0);
      await managerPage.goto(`/employer/applications/${applicationId}`);
      await managerPage.getByRole('heading', { name: candidate.name, level: 1 }).waitFor({ timeout: WAIT_MS });
      expect(await managerPage.getByRole('button', { name: 'Move' }).count()).toBe(0);
      await managerPage.getByLabel('Add a note', { exact: true }).fill('Good welding tickets; ask about nights.');
      await managerPage.getByRole('button', { name: 'Save note' }).click();
      await managerPage.getByText(`Note by ${manager.name}`).waitFor();
      await managerPage.getByText('Good welding tickets; ask about nights.').waitFor();
      await look(managerPage, 'application-note', '360 px');

      // The owner reads the note and moves the application: each history line says who.
      await ownerPage.goto(`/employer/applications/${applicationId}`);
      await ownerPage.getByText(`Note by ${manager.name}`).waitFor({ timeout: WAIT_MS });
      await ownerPage.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Qualify' });
      await ownerPage.getByRole('button', { name: 'Move' }).click();
      const moved = ownerPage.locator('.employer-history li').filter({ hasText: 'Qualify' });
      await moved.waitFor();
      expect(await moved.innerText()).toMatch(/· by Hiring Manager \w+/);
      await look(ownerPage, 'application-history', '1280 px');
      await ownerPage.goto('/employer/team');
      await ownerPage.getByRole('heading', { name: 'Members (3)' }).waitFor({ timeout: WAIT_MS });

      // The owner removes the hiring manager, after a red confirmation.
      await managerCard.getByRole('button', { name: 'Remove' }).click();
      const dialog = ownerPage.getByRole('alertdialog', { name: `Remove ${manager.name}?` });
      await dialog.waitFor();
      expect(await dialog.getByRole('button', { name: 'Remove from the team' }).getAttribute('class')).toContain(
        'btn--danger',
      );
      await dialog.getByRole('button', { name: 'Remove from the team' }).click();
      await ownerPage.getByRole('heading', { name: 'Members (2)' }).waitFor();

      // Locked out at once, with the session they still hold: the page says who removed them (not "Set up
      // your business"), and the API refuses (decision 0351).
      await managerPage.reload();
      const removedHeading = managerPage.getByRole('heading', {
        name: `You were removed from ${owner.business.name}`,
        level: 1,
      });
      await removedHeading.waitFor({ timeout: WAIT_MS });
      expect(await managerPage.title()).toBe(`Removed from ${owner.business.name} · Employer · Careers Portal`);
      await expect.poll(() => removedHeading.evaluate((node) => node === document.activeElement)).toBe(true);
      expect(await managerPage.getByRole('heading', { name: 'Set up your business' }).count()).toBe(0);
      expect(await managerPage.getByText('Good welding tickets; ask about nights.').count()).toBe(0);
      await look(managerPage, 'removed', '360 px');
      await managerPage.setViewportSize(DESKTOP);
      await look(managerPage, 'removed', '1280 px');
      const [token, refreshToken] = await managerPage.evaluate(() => {
        for (const store of [localStorage, sessionStorage])
          for (let i = 0; i < store.length; i++) {
            const value = store.getItem(store.key(i)!) ?? '';
            const access = /"accessToken":"([^"]+)"/.exec(value);
            const refresh = /"refreshToken":"([^"]+)"/.exec(value);
            if (access && refresh) return [access[1], refresh[1]];
          }
        return [null, null];
      });
      expect(token).toBeTruthy();
      // Their sessions end at the identity service: the refresh token they hold is refused.
      const refresh = () =>
        fetch(`${inject('stack').identityUrl}/api/account/refresh`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ accessToken: token, refreshToken, ipAddress: '0.0.0.0' }),
        }).then((res) => res.status);
      await expect.poll(refresh, { timeout: WAIT_MS }).toBe(400);
      const refused = await fetch(`${inject('stack').candidateUrl}/business/applications/${applicationId}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(refused.status).toBe(404);
    },
  );
});
