import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { emptyAuthResponse } from '@careers/contracts/identity';
import type { Team } from '@careers/contracts/employer';
import { renderPortal } from '../../../testing/render-portal';
import { authStore } from '../../../lib/auth-store';
import { fakeNetwork } from '../../../testing/fake-services';
import { tokenExpiringIn } from '../../../testing/make-jwt';

afterEach(() => authStore.clear());

const business = {
  id: '6f1c2a43-6a0e-4a51-9a44-0d2b6a6f0a11',
  name: 'Acme Ltd',
  city: 'Leeds',
  phone: null,
  careersDomain: null,
  imageRelativeDirectory: 'businesses/x',
};

function member(userId: string, email: string, role: 'Owner' | 'Recruiter') {
  return { userId, email, name: null, role, joinedOn: '2026-11-02T09:00:00.000Z', assignedJobIds: [] };
}

/** The member's card on the team page (the address also shows in the console's header). */
async function memberCard(email: string): Promise<HTMLElement> {
  await screen.findByRole('heading', { name: /^Members/ }, { timeout: 5000 });
  const shown = screen.getAllByText(email);
  const card = shown.map((element) => element.closest<HTMLElement>('li.employer-team__member')).find(Boolean);
  if (!card) throw new Error(`no member card for ${email}`);
  return card;
}

/** An owner on the team page; `team` is what GET /business/team answers. */
function openTeam(team: Team) {
  authStore.set({
    ...emptyAuthResponse(),
    id: 'u1',
    name: 'Ada',
    email: 'ada@example.test',
    accessToken: tokenExpiringIn(600, { roles: ['BusinessUser'] }),
    refreshToken: 'r',
    success: true,
    feedbackMessage: null,
  });
  fakeNetwork(({ method, url }) => {
    if (method !== 'GET') throw new Error(`unexpected ${method} ${url}`);
    if (url === '/business') return { status: 200, data: business };
    if (url === '/business/membership')
      return { status: 200, data: { businessId: business.id, userId: 'u1', role: 'Owner', assignedJobIds: [] } };
    if (url === '/business/team') return { status: 200, data: team };
    if (url.startsWith('/business/jobs')) return { status: 200, data: { items: [], total: 0, page: 1, pageSize: 100 } };
    return { status: 200, data: [] };
  });
  renderPortal('/employer/team', new QueryClient({ defaultOptions: { queries: { retry: false } } }));
}

describe('the team page', () => {
  it('offers the only owner neither a role change nor removal, and says what to do first', async () => {
    openTeam({
      members: [member('u1', 'ada@example.test', 'Owner'), member('u2', 'bo@example.test', 'Recruiter')],
      invitations: [],
    });
    const me = await memberCard('ada@example.test');
    expect(
      within(me).getByText(
        'You are the only owner. Make another member an owner before changing this role or leaving the team.',
      ),
    ).toBeInTheDocument();
    expect(within(me).queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(within(me).queryByRole('button', { name: 'Change role' })).toBeNull();

    const colleague = await memberCard('bo@example.test');
    expect(within(colleague).getByRole('button', { name: 'Remove' })).toBeInTheDocument();
  });

  it('offers an owner among several owners to change their role or leave', async () => {
    openTeam({
      members: [member('u1', 'ada@example.test', 'Owner'), member('u2', 'bo@example.test', 'Owner')],
      invitations: [],
    });
    const me = await memberCard('ada@example.test');
    expect(within(me).getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    expect(within(me).queryByText(/the only owner/)).toBeNull();
  });
});
