import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { authStore } from '../../../lib/auth-store';
import { fakeServices, signedInUser } from '../../../testing/fake-services';
import { tokenExpiringIn } from '../../../testing/make-jwt';
import { renderPage } from '../../../testing/render';
import { ConfirmEmailStatus, LINK_ALREADY_USED } from './confirm-email-status';

function open(answer: { status: number; data: unknown }, stored: { id: string; verified: boolean }) {
  const network = fakeServices(
    ({ method, url }) => (method === 'POST' && url === '/api/account/confirm' ? answer : undefined),
    { ...signedInUser, id: stored.id, accessToken: tokenExpiringIn(900, { email_verified: stored.verified }) },
  );
  renderPage(<ConfirmEmailStatus userId="user-1" token="tok" email={null} />, { path: '/confirm' });
  return network;
}

describe('confirm e-mail page', () => {
  it("drops this account's session from before the proof (the proof ended it) and says to sign in again", async () => {
    open({ status: 200, data: { succeeded: true, errors: [] } }, { id: 'user-1', verified: false });
    expect(await screen.findByRole('heading', { name: 'Email confirmed' })).toBeInTheDocument();
    expect(screen.getByText(/sign in again to continue/)).toBeInTheDocument();
    expect(authStore.get().id).toBe(-1);
  });

  it("keeps another account's session, and a session made after a proof", async () => {
    open({ status: 200, data: { succeeded: true, errors: [] } }, { id: 'user-2', verified: false });
    expect(await screen.findByRole('heading', { name: 'Email confirmed' })).toBeInTheDocument();
    expect(authStore.get().id).toBe('user-2');
    expect(screen.queryByText(/sign in again/)).toBeNull();
  });

  it('a link opened twice says the address is already confirmed', async () => {
    open({ status: 400, data: { succeeded: false, errors: [LINK_ALREADY_USED] } }, { id: 'user-1', verified: true });
    expect(await screen.findByRole('heading', { name: 'Email already confirmed' })).toBeInTheDocument();
    expect(authStore.get().id).toBe('user-1');
  });
});
