import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { emptyAuthResponse } from '@careers/contracts/identity';
import { renderPortal } from '../../../testing/render-portal';
import { authStore } from '../../../lib/auth-store';
import { candidatePublicClient } from '../../../lib/candidate-public-client';
import { http } from '../../../lib/http-client';
import { fakeNetwork, problem } from '../../../testing/fake-services';
import { tokenExpiringIn } from '../../../testing/make-jwt';

const ID = '0b7f0f8e-2f55-4c39-9d4c-1f3c2a1d9e01';
const TOKEN = 'tok_en-123';
const LINK = `/employer/join/${ID}/${TOKEN}`;
const INVITATION = {
  id: ID,
  businessName: 'Acme Ltd',
  email: 'rae@example.test',
  role: 'Recruiter',
  expiresOn: '2030-01-01T00:00:00.000Z',
  invitedBy: 'Olive Owner',
};
const originalPublic = candidatePublicClient.defaults.adapter;

function start(url: string) {
  return renderPortal(url, new QueryClient({ defaultOptions: { queries: { retry: false } } }));
}

function signIn(email: string) {
  authStore.set({
    ...emptyAuthResponse(),
    id: 'u1',
    name: 'Rae',
    email,
    accessToken: tokenExpiringIn(600, { roles: ['BusinessUser'] }),
    refreshToken: 'r',
    success: true,
    feedbackMessage: null,
  });
}

/** The invitation link's page reads the invitation over the public client, the rest as the signed-in user. */
function fake(route: Parameters<typeof fakeNetwork>[0]) {
  const network = fakeNetwork(route);
  candidatePublicClient.defaults.adapter = http.candidate.defaults.adapter;
  return network;
}

afterEach(() => {
  authStore.clear();
  candidatePublicClient.defaults.adapter = originalPublic;
});

describe('the team invitation link', () => {
  it('lets the invited address join, and opens the console', async () => {
    signIn('Rae@Example.test');
    const network = fake(({ method, url, params }) => {
      if (method === 'GET' && url === `/team-invitations/${ID}` && params.token === TOKEN)
        return { status: 200, data: INVITATION };
      if (method === 'POST' && url === `/business/invitations/${ID}/accept`)
        return { status: 200, data: { businessId: ID, userId: 'u1', role: 'Recruiter', assignedJobIds: [] } };
      return undefined;
    });
    const router = start(LINK);
    expect(await screen.findByRole('heading', { name: 'Join Acme Ltd', level: 1 }, { timeout: 5000 })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Join Acme Ltd · Employer · Careers Portal'));
    await userEvent.click(screen.getByRole('button', { name: 'Join Acme Ltd' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/employer'));
    expect(network.called('POST', `/business/invitations/${ID}/accept`)).toHaveLength(1);
  });

  it('names who invited, and lets the invited address decline instead of joining', async () => {
    signIn('rae@example.test');
    const network = fake(({ method, url, params }) => {
      if (method === 'GET' && url === `/team-invitations/${ID}` && params.token === TOKEN)
        return { status: 200, data: INVITATION };
      if (method === 'POST' && url === `/business/invitations/${ID}/decline`) return { status: 200, data: [] };
      return undefined;
    });
    start(LINK);
    expect(await screen.findByText('Invited by Olive Owner.', {}, { timeout: 5000 })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('You declined the invitation to join Acme Ltd.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Join Acme Ltd' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Open the employer console' })).toHaveAttribute('href', '/employer');
    expect(network.called('POST', `/business/invitations/${ID}/decline`)).toHaveLength(1);
    expect(network.called('POST', `/business/invitations/${ID}/accept`)).toHaveLength(0);
  });

  it('tells someone signed in with another address whose invitation it is, and offers to log out', async () => {
    signIn('someone.else@example.test');
    const network = fake(({ method, url }) =>
      method === 'GET' && url === `/team-invitations/${ID}` ? { status: 200, data: INVITATION } : undefined,
    );
    start(LINK);
    expect(
      await screen.findByText(/You are signed in as someone\.else@example\.test/, {}, { timeout: 5000 }),
    ).toBeVisible();
    expect(screen.getByText(/This invitation is for the employer account of rae@example\.test/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Join Acme Ltd' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeVisible();
    expect(network.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('offers a visitor to sign in, coming back to the link, or to create the account for the invited address', async () => {
    fake(({ method, url }) =>
      method === 'GET' && url === `/team-invitations/${ID}` ? { status: 200, data: INVITATION } : undefined,
    );
    start(LINK);
    const signInLink = await screen.findByRole('link', { name: 'Sign in to join' }, { timeout: 5000 });
    expect(signInLink).toHaveAttribute('href', `/employer/login?returnUrl=${encodeURIComponent(LINK)}`);
    expect(screen.getByRole('heading', { name: 'New here? Create your employer account' })).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveValue('rae@example.test');
  });

  it('says a spent or cancelled link is not valid any more', async () => {
    fake(({ method, url }) =>
      method === 'GET' && url === `/team-invitations/${ID}`
        ? problem(404, {
            detail:
              'This invitation is not valid any more: it was cancelled, already used, or it expired. Ask the business for a new one.',
          })
        : undefined,
    );
    start(LINK);
    expect(await screen.findByText(/This invitation is not valid any more/, {}, { timeout: 5000 })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to the employer sign-in' })).toHaveAttribute('href', '/employer/login');
  });
});
