import { describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderPortal } from '../testing/render-portal';
import { authStore } from '../lib/auth-store';

function start(url: string) {
  return renderPortal(url);
}

describe('navigation guard', () => {
  it('sends a visitor to login with the full target path, query included, as returnUrl', async () => {
    const router = start('/applications?page=2&sort=new');
    expect(
      await screen.findByRole('button', { name: 'Get a verification code' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/login');
    expect(router.state.location.search).toBe(`?returnUrl=${encodeURIComponent('/applications?page=2&sort=new')}`);
    expect(new URLSearchParams(router.state.location.search).get('returnUrl')).toBe('/applications?page=2&sort=new');
  });

  it.each(['/', '/dashboard', '/profile', '/cvs', '/cv-drops', '/contact-us', '/user-account'])(
    'guards %s',
    async (path) => {
      const router = start(path);
      await screen.findByRole('button', { name: 'Get a verification code' }, { timeout: 5000 });
      expect(new URLSearchParams(router.state.location.search).get('returnUrl')).toBe(path);
    },
  );

  it('keeps no returnUrl after a deliberate logout, but does after a failed session', async () => {
    authStore.clear();
    const afterLogout = start('/cvs');
    await screen.findAllByRole('button', { name: 'Get a verification code' }, { timeout: 5000 });
    expect(afterLogout.state.location.pathname).toBe('/account/login');
    expect(afterLogout.state.location.search).toBe('');
    cleanup();
    authStore.fail('Please check your login details');
    const afterFailure = start('/cvs');
    await screen.findByRole('button', { name: 'Get a verification code' }, { timeout: 5000 });
    expect(new URLSearchParams(afterFailure.state.location.search).get('returnUrl')).toBe('/cvs');
  });

  it('redirects /account to /account/login and leaves public pages open', async () => {
    const router = start('/account');
    await screen.findByRole('heading', { name: 'Candidate Portal' }, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/account/login');
    expect(router.state.location.search).toBe('');
  });

  it('leaves the public apply page open', async () => {
    const router = start('/apply/7f0c1a52-1111-4c3e-9d7e-000000000001');
    expect(await screen.findByRole('link', { name: 'Careers Portal' }, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/apply/7f0c1a52-1111-4c3e-9d7e-000000000001');
  });

  it('renders a helpful not-found page for unknown paths', async () => {
    start('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});
