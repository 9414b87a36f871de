import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { emptyAuthResponse } from '@careers/contracts/identity';
import { renderPortal } from '../../../testing/render-portal';
import { authStore } from '../../../lib/auth-store';
import { fakeNetwork, problem } from '../../../testing/fake-services';
import { tokenExpiringIn } from '../../../testing/make-jwt';

afterEach(() => authStore.clear());

/** A signed-in employer in no business; `removal` is what GET /business/removal answers. */
function openConsole(removal: { businessName: string; removedOn: string } | null) {
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
  const noBusiness = problem(404, { detail: 'Create your business first (POST /business).' });
  fakeNetwork(({ method, url }) => {
    if (method === 'GET' && (url === '/business' || url === '/business/membership')) return noBusiness;
    if (method === 'GET' && url === '/business/invitations') return { status: 200, data: [] };
    if (method === 'GET' && url === '/business/removal') return { status: 200, data: { removal } };
    throw new Error(`unexpected ${method} ${url}`);
  });
  renderPortal('/employer', new QueryClient({ defaultOptions: { queries: { retry: false } } }));
}

describe('a removed team member in the console (decision 0351)', () => {
  it(
    'is told which business removed them and when, with what they can do, instead of "Set up your business"',
    { timeout: 20_000 },
    async () => {
      openConsole({ businessName: 'Northwind Logistics', removedOn: '2026-11-25T18:00:00.000Z' });
      const heading = await screen.findByRole(
        'heading',
        { name: 'You were removed from Northwind Logistics', level: 1 },
        { timeout: 5000 },
      );
      await waitFor(() => expect(heading).toHaveFocus());
      expect(document.title).toBe('Removed from Northwind Logistics · Employer · Careers Portal');
      expect(
        screen.getByText(
          'An owner of Northwind Logistics removed you from its team on 25 Nov 2026. You can no longer see its jobs, applications or candidates.',
        ),
      ).toBeInTheDocument();
      expect(screen.getByText(/ask an owner of Northwind Logistics to invite you again/)).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Set up your business' })).toBeNull();

      // Their own business, when they ask for it: the form, its heading focused.
      await userEvent.setup().click(screen.getByRole('button', { name: 'Set up my own business' }));
      const setup = await screen.findByRole('heading', { name: 'Set up your business' });
      await waitFor(() => expect(setup).toHaveFocus());
      expect(screen.getByRole('button', { name: 'Create business' })).toBeInTheDocument();
    },
  );

  it('offers an employer nobody removed the set-up form, as before', async () => {
    openConsole(null);
    expect(await screen.findByRole('heading', { name: 'Set up your business' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText(/You were removed/)).toBeNull();
  });
});
