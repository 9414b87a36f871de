import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import type { FirstSteps, InvitationPreview } from '@careers/contracts/employer';
import { emptyAuthResponse } from '@careers/contracts/identity';
import { renderPortal } from '../../../testing/render-portal';
import { authStore } from '../../../lib/auth-store';
import { fakeNetwork, problem } from '../../../testing/fake-services';
import { tokenExpiringIn } from '../../../testing/make-jwt';

afterEach(() => authStore.clear());

function signIn() {
  authStore.set({
    ...emptyAuthResponse(),
    id: 'u1',
    name: 'Rae',
    email: 'rae@example.test',
    accessToken: tokenExpiringIn(600, { roles: ['BusinessUser'] }),
    refreshToken: 'r',
    success: true,
    feedbackMessage: null,
  });
}

function start(url = '/employer') {
  return renderPortal(url, new QueryClient({ defaultOptions: { queries: { retry: false } } }));
}

const BUSINESS = {
  id: '6f1c2a43-6a0e-4a51-9a44-0d2b6a6f0a11',
  name: 'Acme Ltd',
  city: 'Leeds',
  phone: null,
  careersDomain: null,
  imageRelativeDirectory: 'businesses/x',
};
const noBusiness = problem(404, { detail: 'Create your business first (POST /business).' });

const invitation = (id: string, businessName: string, extra: Partial<InvitationPreview> = {}): InvitationPreview => ({
  id,
  businessName,
  email: 'rae@example.test',
  role: 'Recruiter',
  expiresOn: '2030-01-01T00:00:00.000Z',
  invitedBy: 'Olive Owner',
  ...extra,
});
const ACME = invitation('0b7f0f8e-2f55-4c39-9d4c-1f3c2a1d9e01', 'Acme Ltd');
const GLOBEX = invitation('0b7f0f8e-2f55-4c39-9d4c-1f3c2a1d9e02', 'Globex', { invitedBy: null, role: 'HiringManager' });

/**
 * An employer in no business; `open` is what GET /business/invitations answers until one is accepted or
 * declined. Accepting makes GET /business answer the business, as the service would.
 */
function consoleOfInvited(open: InvitationPreview[]) {
  let invitations = open;
  let joined = false;
  const network = fakeNetwork(({ method, url }) => {
    if (method === 'GET' && url === '/business') return joined ? { status: 200, data: BUSINESS } : noBusiness;
    if (method === 'GET' && url === '/business/membership')
      return joined
        ? { status: 200, data: { businessId: BUSINESS.id, userId: 'u1', role: 'Recruiter', assignedJobIds: [] } }
        : noBusiness;
    if (method === 'GET' && url === '/business/invitations') return { status: 200, data: invitations };
    if (method === 'GET' && url === '/business/removal') return { status: 200, data: { removal: null } };
    if (method === 'GET' && url === '/business/jobs') return { status: 200, data: [] };
    const accepted = /^\/business\/invitations\/([^/]+)\/accept$/.exec(url);
    if (method === 'POST' && accepted) {
      joined = true;
      invitations = [];
      return { status: 200, data: { businessId: BUSINESS.id, userId: 'u1', role: 'Recruiter', assignedJobIds: [] } };
    }
    const declined = /^\/business\/invitations\/([^/]+)\/decline$/.exec(url);
    if (method === 'POST' && declined) {
      invitations = invitations.filter((i) => i.id !== declined[1]);
      return { status: 200, data: invitations };
    }
    throw new Error(`unexpected ${method} ${url}`);
  });
  signIn();
  return { network, router: start() };
}

describe('an invited employer in no business sees the invitation only', () => {
  it('shows the business, who invited, the role and Join, with a title that says so; no set-up form', async () => {
    consoleOfInvited([ACME]);
    const heading = await screen.findByRole(
      'heading',
      { name: 'You are invited to join Acme Ltd', level: 1 },
      { timeout: 5000 },
    );
    expect(heading).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Invitation to join Acme Ltd · Employer · Careers Portal'));
    const card = screen.getByRole('listitem');
    expect(within(card).getByText('Olive Owner')).toBeVisible();
    expect(within(card).getByText('Recruiter')).toBeVisible();
    expect(within(card).getByText('rae@example.test')).toBeVisible();
    // Join is the one primary action; Decline is there, secondary.
    const buttons = screen.getAllByRole('button').filter((b) => b.closest('main'));
    expect(buttons.map((b) => b.textContent)).toEqual(['Join Acme Ltd', 'Decline']);
    expect(screen.getByRole('button', { name: 'Join Acme Ltd' })).toHaveClass('btn--primary');
    expect(screen.getByRole('button', { name: 'Decline' })).toHaveClass('btn--secondary');
    expect(screen.queryByRole('heading', { name: 'Set up your business' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create business' })).toBeNull();
  });

  it("joins and lands in that business's console", async () => {
    const { network, router } = consoleOfInvited([ACME]);
    await userEvent.click(await screen.findByRole('button', { name: 'Join Acme Ltd' }, { timeout: 5000 }));
    expect(await screen.findByRole('heading', { name: 'Jobs', level: 1 }, { timeout: 5000 })).toBeVisible();
    expect(router.state.location.pathname).toBe('/employer');
    expect(screen.getByRole('link', { name: /Acme Ltd/ })).toBeVisible();
    expect(network.called('POST', `/business/invitations/${ACME.id}/accept`)).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Set up your business' })).toBeNull();
  });

  it('declines after a confirmation, and then offers to set up a business', async () => {
    const { network } = consoleOfInvited([ACME]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Decline' }, { timeout: 5000 }));
    // Nothing is sent until the person confirms; keeping it goes back.
    expect(network.called('POST', `/business/invitations/${ACME.id}/decline`)).toHaveLength(0);
    const confirm = screen.getByRole('group', { name: 'Decline the invitation to join Acme Ltd?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    await user.click(screen.getByRole('button', { name: 'Decline the invitation' }));
    expect(await screen.findByRole('heading', { name: 'Set up your business' }, { timeout: 5000 })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Set up your business · Employer · Careers Portal'));
    expect(network.called('POST', `/business/invitations/${ACME.id}/decline`)).toHaveLength(1);
  });

  it('lists several invitations, each with its own Join, and names no one for an inviter who left', async () => {
    consoleOfInvited([ACME, GLOBEX]);
    expect(await screen.findByRole('heading', { name: 'You are invited', level: 1 }, { timeout: 5000 })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Invitations · Employer · Careers Portal'));
    const cards = screen.getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[1]!).getByText("A member of Globex's team")).toBeVisible();
    expect(within(cards[1]!).getByText('Hiring manager')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Join Acme Ltd' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Join Globex' })).toBeVisible();
  });

  it('shows someone with no invitation the set-up form, titled so', async () => {
    consoleOfInvited([]);
    expect(await screen.findByRole('heading', { name: 'Set up your business' }, { timeout: 5000 })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Set up your business · Employer · Careers Portal'));
    expect(screen.queryByText(/You are invited/)).toBeNull();
  });
});

const NOTHING_DONE: FirstSteps = {
  businessDetails: false,
  logo: false,
  careersPage: false,
  firstJob: false,
  colleagueInvited: false,
  interviewHours: false,
  retentionRule: false,
};

function ownerConsole(steps: FirstSteps, role = 'Owner') {
  const network = fakeNetwork(({ method, url }) => {
    if (method === 'GET' && url === '/business') return { status: 200, data: BUSINESS };
    if (method === 'GET' && url === '/business/membership')
      return { status: 200, data: { businessId: BUSINESS.id, userId: 'u1', role, assignedJobIds: [] } };
    if (method === 'GET' && url === '/business/jobs') return { status: 200, data: [] };
    if (method === 'GET' && url === '/business/first-steps') return { status: 200, data: steps };
    throw new Error(`unexpected ${method} ${url}`);
  });
  signIn();
  start();
  return network;
}

/** Each item's link and its state as words, as a screen reader reads them. */
async function checklistItems() {
  const section = await screen.findByRole('region', { name: 'Your first hour' }, { timeout: 5000 });
  const items = within(within(section).getByRole('list')).getAllByRole('listitem');
  return items.map((li) => ({
    link: within(li).getByRole('link').textContent,
    href: within(li).getByRole('link').getAttribute('href'),
    state: li.querySelector('.employer-first-steps__state')?.textContent,
  }));
}

describe("a new owner's checklist on the console's home", () => {
  it('lists the six first steps, none done, each linking to where it is done, in place of the lone empty state', async () => {
    ownerConsole(NOTHING_DONE);
    expect(await checklistItems()).toEqual([
      { link: 'Add your business details and logo', href: '/employer/business', state: 'To do' },
      { link: 'Write your careers page', href: '/employer/business', state: 'To do' },
      { link: 'Post your first job', href: '/employer/jobs/new', state: 'To do' },
      { link: 'Invite a colleague', href: '/employer/team', state: 'To do' },
      { link: 'Set your interview hours', href: '/employer/interviews', state: 'To do' },
      { link: 'Choose how long you keep applications', href: '/employer/business', state: 'To do' },
    ]);
    expect(screen.getByText('0 of 6 done. This list stays here until each step is.')).toBeVisible();
    expect(screen.queryByText('No jobs yet')).toBeNull();
  });

  it('marks what the data says is done, in words, and what is left of a step half done', async () => {
    ownerConsole({ ...NOTHING_DONE, businessDetails: true, firstJob: true, retentionRule: true });
    const items = await checklistItems();
    expect(items.map((i) => i.state)).toEqual(['To do: the logo', 'To do', 'Done', 'To do', 'To do', 'Done']);
    expect(screen.getByText('2 of 6 done. This list stays here until each step is.')).toBeVisible();
  });

  it('is gone once every step is done', async () => {
    const network = ownerConsole({
      businessDetails: true,
      logo: true,
      careersPage: true,
      firstJob: true,
      colleagueInvited: true,
      interviewHours: true,
      retentionRule: true,
    });
    await waitFor(() => expect(network.called('GET', '/business/first-steps')).toHaveLength(1), { timeout: 5000 });
    expect(await screen.findByText('No jobs yet')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Your first hour' })).toBeNull();
  });

  it('is not shown to a recruiter, and not asked for', async () => {
    const network = ownerConsole(NOTHING_DONE, 'Recruiter');
    expect(await screen.findByText('No jobs yet', {}, { timeout: 5000 })).toBeVisible();
    expect(network.called('GET', '/business/first-steps')).toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Your first hour' })).toBeNull();
  });
});
