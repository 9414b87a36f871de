import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore } from '../../../lib/auth-store';
import { fakeServices } from '../../../testing/fake-services';
import { renderPage } from '../../../testing/render';
import { UndoEmailChangeStatus } from './undo-email-change-status';

describe('undo e-mail change page', () => {
  it('changes nothing on opening (a mail scanner opens links): it says what the press does and waits for it', async () => {
    const fake = fakeServices((request) =>
      request.url === '/api/account/undo-email-change'
        ? { status: 200, data: { succeeded: true, errors: [] } }
        : undefined,
    );
    renderPage(<UndoEmailChangeStatus token="tok-0" />, { path: '/account/undo-email-change/tok-0' });
    const heading = await screen.findByRole('heading', { name: 'Undo email change' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText(/logged out, on every device/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Restore this email address' })).toHaveClass('btn--primary');
    // Time for a query or an effect to have sent it, had the page sent anything on load.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.called('POST', '/api/account/undo-email-change')).toEqual([]);
    expect(authStore.get().id).toBe('user-1');
  });

  it('sends the token once on the press, says the address is back and keeps no session in this browser', async () => {
    const fake = fakeServices((request) =>
      request.url === '/api/account/undo-email-change'
        ? { status: 200, data: { succeeded: true, errors: [] } }
        : undefined,
    );
    renderPage(<UndoEmailChangeStatus token="tok-1" />, { path: '/account/undo-email-change/tok-1' });
    await userEvent.click(await screen.findByRole('button', { name: 'Restore this email address' }));
    const heading = await screen.findByRole('heading', { name: 'Email address restored' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText(/every session has been logged out/)).toBeInTheDocument();
    expect(fake.called('POST', '/api/account/undo-email-change').map((r) => r.data)).toEqual([{ token: 'tok-1' }]);
    await waitFor(() => expect(authStore.get().id).toBe(-1));
    expect(screen.queryByRole('button', { name: 'Restore this email address' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/account/login');
  });

  it("shows the service's reason when the link was used or has expired, and keeps the session", async () => {
    fakeServices(() => ({ status: 400, data: { succeeded: false, errors: ['This link has already been used.'] } }));
    renderPage(<UndoEmailChangeStatus token="tok-2" />, { path: '/account/undo-email-change/tok-2' });
    await userEvent.click(await screen.findByRole('button', { name: 'Restore this email address' }));
    expect(await screen.findByRole('heading', { name: 'Email address not restored' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This link has already been used.');
    expect(authStore.get().id).toBe('user-1');
  });
});
