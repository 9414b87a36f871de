/**
 * An employer's first hour (docs/decisions/0496). A colleague invited by e-mail makes their account from the
 * link, sets the password from the welcome e-mail and sees the invitation only (no set-up form), joins and
 * lands in that business's console. A new owner's console home lists the six first steps, none done, and
 * marks them done from the business's own data as they are done.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createEmployer } from '@careers/test-support/employer';
import { expectPath } from '../support/apply-flows';
import { DESKTOP, PHONE, usePortalPages } from '../support/browser';
import { mailboxResetLink, stackApi } from '../support/api';
import { mailboxMark, waitForMail } from '../support/mailbox';
import { useLooks } from '../support/screens';
import { WAIT_MS } from '../support/waits';

const openPage = usePortalPages();
const look = useLooks('employer-first-hour');

/** How many visible buttons or button-looking links carry the primary style. */
const primaryActions = (page: Page) =>
  page.locator('.btn--primary').evaluateAll((nodes) => nodes.filter((node) => node.checkVisibility()).length);

/** Each checklist item's words: the step, then its state. */
const checklistStates = (page: Page) =>
  page
    .getByRole('region', { name: 'Your first hour' })
    .getByRole('listitem')
    .evaluateAll((items) =>
      items.map((li) => [
        li.querySelector('a')?.textContent ?? '',
        li.querySelector('.employer-first-steps__state')?.textContent ?? '',
      ]),
    );

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto('/employer/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expectPath(page, '/employer');
}

describe.each([
  ['360 px', PHONE],
  ['1280 px', DESKTOP],
] as const)("an employer's first hour at %s", (label, viewport) => {
  it(
    'an invited colleague sees the invitation only, joins, and lands in that business’s console',
    { timeout: 180_000 },
    async () => {
      const api = stackApi();
      const owner = await createEmployer(api, {
        label: 'firsthour',
        resetLink: mailboxResetLink,
        jobs: [{ title: `First Hour Welder ${viewport.width}` }],
      });
      const email = `colleague-${randomUUID().slice(0, 8)}@example.com`;
      const since = await mailboxMark();
      const invited = await api.call(`${api.urls.candidateUrl}/business/team/invitations`, {
        method: 'POST',
        token: owner.token,
        json: { email, role: 'Recruiter' },
      });
      expect(invited.status).toBe(200);
      const invitation = await waitForMail(email, {
        since,
        match: (m) => m.links.some((l) => l.includes('/employer/join/')),
      });

      // The link's page: no account yet, so one is made for the invited address.
      const page = await openPage({ viewport });
      await page.goto(new URL(invitation.links.find((l) => l.includes('/employer/join/'))!).pathname);
      await page.getByRole('heading', { name: 'New here? Create your employer account' }).waitFor({ timeout: WAIT_MS });
      await page.getByLabel('Your name', { exact: true }).fill('Casey Colleague');
      await page.getByLabel('Phone', { exact: true }).fill('07700 900321');
      const welcomeSince = await mailboxMark();
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByText(`Check your inbox at ${email}`).waitFor({ timeout: WAIT_MS });
      const welcome = await waitForMail(email, {
        since: welcomeSince,
        match: (m) => m.links.some((l) => l.includes('/employer/welcome/')),
      });
      await page.goto(new URL(welcome.links.find((l) => l.includes('/employer/welcome/'))!).pathname);
      await page.getByLabel('New password', { exact: true }).fill('a colleague passphrase 2026');
      await page.getByLabel('Confirm password', { exact: true }).fill('a colleague passphrase 2026');
      await page.getByRole('button', { name: 'Save password and open the console' }).click();
      await expectPath(page, '/employer');

      // The invitation only: the business, who invited, the role, Join as the one primary action, Decline.
      const heading = page.getByRole('heading', { name: `You are invited to join ${owner.business.name}`, level: 1 });
      await heading.waitFor({ timeout: WAIT_MS });
      await expect
        .poll(() => page.title())
        .toBe(`Invitation to join ${owner.business.name} · Employer · Careers Portal`);
      const card = page.locator('.employer-invitation');
      expect(await card.innerText()).toMatch(/Invited by\s+Hiring Manager \w+/);
      expect(await card.innerText()).toMatch(/Your role\s+Recruiter/);
      expect(await page.getByRole('heading', { name: 'Set up your business' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Create business' }).count()).toBe(0);
      expect(await primaryActions(page)).toBe(1);
      expect(await page.getByRole('button', { name: `Join ${owner.business.name}` }).getAttribute('class')).toContain(
        'btn--primary',
      );
      expect(await page.getByRole('button', { name: 'Decline' }).count()).toBe(1);
      await look(page, 'invitation', label);

      // Joined: that business's console, its jobs, its name in the bar.
      await page.getByRole('button', { name: `Join ${owner.business.name}` }).click();
      await page.getByRole('link', { name: `First Hour Welder ${viewport.width}` }).waitFor({ timeout: WAIT_MS });
      await expectPath(page, '/employer');
      await expect.poll(() => page.title()).toBe('Jobs · Employer · Careers Portal');
      expect(await page.getByRole('banner').getByText(owner.business.name).count()).toBe(1);
      expect(await page.getByRole('heading', { name: 'Set up your business' }).count()).toBe(0);
      // A recruiter is not led through the owner's first hour.
      expect(await page.getByRole('region', { name: 'Your first hour' }).count()).toBe(0);
      await look(page, 'joined-console', label);
    },
  );

  it(
    "a new owner's console opens with the first hour's checklist, and marks steps done as they are",
    { timeout: 180_000 },
    async () => {
      const api = stackApi();
      // A business with its name only: none of the six steps done.
      const owner = await createEmployer(api, {
        label: 'newowner',
        resetLink: mailboxResetLink,
        business: { city: undefined, phone: undefined, domain: undefined },
      });
      const page = await openPage({ viewport });
      await signInWithPassword(page, owner.email, owner.password);
      const checklist = page.getByRole('region', { name: 'Your first hour' });
      await checklist.waitFor({ timeout: WAIT_MS });
      await checklist.getByText('0 of 6 done.').waitFor();
      expect(await checklistStates(page)).toEqual([
        ['Add your business details and logo', 'To do'],
        ['Write your careers page', 'To do'],
        ['Post your first job', 'To do'],
        ['Invite a colleague', 'To do'],
        ['Set your interview hours', 'To do'],
        ['Choose how long you keep applications', 'To do'],
      ]);
      // The checklist leads to the first job instead of the lone empty state.
      expect(await page.getByText('No jobs yet').count()).toBe(0);
      await look(page, 'checklist-none-done', label);

      // Invite a colleague from the checklist's own link, on the Team page.
      await checklist.getByRole('link', { name: 'Invite a colleague' }).click();
      await expectPath(page, '/employer/team');
      await page.getByRole('heading', { name: 'Team', level: 1 }).waitFor({ timeout: WAIT_MS });
      await page.getByLabel('Email address', { exact: true }).fill(`helper-${randomUUID().slice(0, 8)}@example.com`);
      await page.getByRole('button', { name: 'Send invitation' }).click();
      await page.getByRole('heading', { name: 'Pending invitations (1)' }).waitFor({ timeout: WAIT_MS });

      // Two more, as another tab would: a retention rule and the business's city and phone (the logo is left).
      const retention = await api.call(`${api.urls.candidateUrl}/business/retention`, {
        method: 'PUT',
        token: owner.token,
        json: { country: 'NL' },
      });
      expect(retention.status).toBe(200);
      const details = await api.call(`${api.urls.candidateUrl}/business`, {
        method: 'PUT',
        token: owner.token,
        json: { name: owner.business.name, city: 'Leeds', phone: '0113 496 0000' },
      });
      expect(details.status).toBe(200);

      await page.getByRole('navigation', { name: 'Employer menu' }).getByRole('link', { name: 'Jobs' }).click();
      await checklist.getByText('2 of 6 done.').waitFor({ timeout: WAIT_MS });
      expect(await checklistStates(page)).toEqual([
        ['Add your business details and logo', 'To do: the logo'],
        ['Write your careers page', 'To do'],
        ['Post your first job', 'To do'],
        ['Invite a colleague', 'Done'],
        ['Set your interview hours', 'To do'],
        ['Choose how long you keep applications', 'Done'],
      ]);
      await look(page, 'checklist-some-done', label);
      // On a desktop an owner's whole menu, their address and Logout share the bar's one row.
      if (viewport === DESKTOP) {
        const top = async (name: string) =>
          (await page
            .getByRole('banner')
            .getByRole(name === 'Logout' ? 'button' : 'link', { name, exact: true })
            .boundingBox())!.y;
        expect(await top('Logout')).toBeCloseTo(await top('Jobs'), -1);
      }
    },
  );
});
