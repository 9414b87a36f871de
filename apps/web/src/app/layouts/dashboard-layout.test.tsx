import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyAuthResponse } from '@careers/contracts/identity';
import { renderPortal } from '../../testing/render-portal';
import { authStore } from '../../lib/auth-store';
import { fakeNetwork } from '../../testing/fake-services';
import { tokenExpiringIn } from '../../testing/make-jwt';

function start(url: string) {
  return renderPortal(url);
}

beforeEach(() => {
  authStore.set({
    ...emptyAuthResponse(),
    id: 'u1',
    name: 'Ada Lovelace',
    accessToken: tokenExpiringIn(600),
    refreshToken: 'r',
    success: true,
    feedbackMessage: null,
  });
  // The services are not running in unit tests: startup tolerates unreachable services.
  fakeNetwork(() => ({ networkError: true }));
});

afterEach(() => {
  authStore.clear();
  vi.unstubAllGlobals();
});

describe('dashboard layout', () => {
  it('asks a candidate whose address is not proved to confirm it, above the page; a proved one is not asked', async () => {
    authStore.set({
      ...authStore.get(),
      accessToken: tokenExpiringIn(600, { email_verified: false }),
      email: 'ada@example.com',
    });
    start('/');
    expect(await screen.findByRole('heading', { name: 'Hello, Ada!' }, { timeout: 5000 })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(
      await within(main).findByRole('heading', { name: 'Confirm your e-mail so employers can reach you' }),
    ).toBeInTheDocument();
    expect(within(main).getByLabelText('Verification code')).toBeInTheDocument();
    cleanup();

    authStore.set({ ...authStore.get(), accessToken: tokenExpiringIn(600, { email_verified: true }) });
    start('/');
    expect(await screen.findByRole('heading', { name: 'Hello, Ada!' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Confirm your e-mail/ })).toBeNull();
  });

  it('shows the Application Status panel until ready, then the side menu and the greeting', async () => {
    start('/');
    expect(await screen.findByRole('heading', { name: 'Application Status' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Authenticated')).toBeInTheDocument();
    expect(screen.getByText('Loading Candidate data')).toBeInTheDocument();
    expect(screen.getByText('Loading Job Application Data')).toBeInTheDocument();
    expect(screen.getByText('Production')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Hello, Ada!' }, { timeout: 5000 })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Job Applications' })).toHaveAttribute('href', '/applications');
    expect(within(nav).getByRole('link', { name: 'CVs' })).toHaveAttribute('href', '/cvs');
    expect(within(nav).getByRole('link', { name: 'Candidate Account' })).toHaveAttribute('href', '/user-account');
    expect(within(nav).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(within(nav).getByRole('link', { name: 'CV drops' })).toHaveAttribute('href', '/cv-drops');
    expect(within(nav).getByRole('link', { name: 'Get in touch' })).toHaveAttribute('href', '/contact-us');
  });

  it('toggles the side navigation with the menu button', async () => {
    const user = userEvent.setup();
    start('/dashboard');
    const toggle = await screen.findByRole('button', { name: 'Hide navigation' }, { timeout: 5000 });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Show navigation' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('closes the side navigation after a navigation on screens narrower than 1024 px', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width: 1023'),
      media: query,
      addEventListener() {},
      removeEventListener() {},
    }));
    const user = userEvent.setup();
    start('/');
    // Issue 12: it starts closed on a phone, so the page is not covered after sign-in or reload.
    const toggle = await screen.findByRole('button', { name: 'Show navigation' }, { timeout: 5000 });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    await user.click(toggle);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'CVs' }));
    expect(await screen.findByRole('button', { name: 'Show navigation' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('asks before logging out, then revokes, clears the session and goes to login', async () => {
    const network = fakeNetwork(({ method, url }) =>
      method === 'POST' && url === '/api/account/revoke' ? { status: 200, data: {} } : { networkError: true },
    );
    const revoked = () => network.called('POST', '/api/account/revoke');
    const user = userEvent.setup();
    const router = start('/');
    await user.click(await screen.findByRole('button', { name: 'Logout' }, { timeout: 5000 }));
    const dialog = screen.getByRole('alertdialog', { name: 'Logout' });
    expect(dialog).toHaveTextContent('Are you sure you want to logout? Logging out will end your current session.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(revoked()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Yes, log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/login'));
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(revoked()).toHaveLength(1));
    expect(revoked()[0]?.authorization).toMatch(/^Bearer /);
    await waitFor(() => expect(authStore.get().id).toBe(-1));
    expect(router.state.location.search).toBe('');
  });
});
