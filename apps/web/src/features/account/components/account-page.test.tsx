import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore } from '../../../lib/auth-store';
import { candidate } from '../../../testing/candidate-fixtures';
import { fakeServices } from '../../../testing/fake-services';
import { renderPage } from '../../../testing/render';
import { tokenExpiringIn } from '../../../testing/make-jwt';
import { AccountPage } from './account-page';

describe('account page: e-mail change', () => {
  it('sends a code to the new address, confirms it with the request id and updates the stored e-mail', async () => {
    const fake = fakeServices((request) => {
      if (request.url === '/api/user/email-update-initialise') return { status: 200, data: { succeeded: true, requestId: 'req-1', errors: [] } };
      if (request.url === '/api/user/email-update-confirm') return { status: 200, data: { succeeded: true, emailAddress: 'ada@new.example', errors: [] } };
      if (request.url === '/api/account/refresh') return { status: 200, data: { ...authStore.get(), email: 'ada@new.example', accessToken: refreshedToken, refreshToken: 'r2' } };
      return undefined;
    });
    const refreshedToken = tokenExpiringIn(900, { email: 'ada@new.example' });
    const user = userEvent.setup();
    renderPage(<AccountPage />, { path: '/user-account' });

    await user.type(screen.getByLabelText(/^New email address/), 'ada@new.example');
    await user.click(screen.getByRole('button', { name: 'Send verification code' }));
    const code = await screen.findByPlaceholderText('Paste verification code');
    expect(fake.called('PUT', '/api/user/email-update-initialise')[0]?.data).toEqual({ newEmailAddress: 'ada@new.example' });

    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm new email' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your email address is now ada@new.example.');
    expect(fake.called('PUT', '/api/user/email-update-confirm')[0]?.data).toEqual({ requestId: 'req-1', otp: '123456' });
    expect(authStore.get().email).toBe('ada@new.example');
    // The next access token carries the new address, which the candidate service takes over.
    await waitFor(() => expect(authStore.get().accessToken).toBe(refreshedToken));
    expect(authStore.get().email).toBe('ada@new.example');
  });

  it("shows the result's errors and keeps the stored e-mail when the code is wrong", async () => {
    fakeServices((request) => {
      if (request.url === '/api/user/email-update-initialise') return { status: 200, data: { succeeded: true, requestId: 'req-1', errors: [] } };
      return { status: 400, data: { succeeded: false, emailAddress: null, errors: ['The code is not valid or has expired.'] } };
    });
    const user = userEvent.setup();
    renderPage(<AccountPage />, { path: '/user-account' });
    await user.type(screen.getByLabelText(/^New email address/), 'ada@new.example');
    await user.click(screen.getByRole('button', { name: 'Send verification code' }));
    await user.type(await screen.findByPlaceholderText('Paste verification code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm new email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The code is not valid or has expired.');
    expect(authStore.get().email).toBe('ada@example.com');
  });

  it('sends a new code to the same address on request, and says so', async () => {
    let sends = 0;
    const fake = fakeServices((request) => {
      if (request.url === '/api/user/email-update-initialise') {
        sends += 1;
        return sends === 1 ? { status: 200, data: { succeeded: true, requestId: 'req-1', errors: [] } } : { status: 429, data: { type: 'about:blank', title: 'Too Many Requests', status: 429 }, headers: { 'retry-after': '58' } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderPage(<AccountPage />, { path: '/user-account' });
    await user.type(screen.getByLabelText(/^New email address/), 'ada@new.example');
    await user.click(screen.getByRole('button', { name: 'Send verification code' }));
    await screen.findByPlaceholderText('Paste verification code');
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please try again in 58 seconds.');
    expect(fake.called('PUT', '/api/user/email-update-initialise')).toHaveLength(2);
    expect(screen.getByPlaceholderText('Paste verification code')).toBeInTheDocument();
  });

  it('says when to try again after too many codes', async () => {
    fakeServices(() => ({ status: 429, data: { type: 'about:blank', title: 'Too Many Requests', status: 429 }, headers: { 'retry-after': '42' } }));
    const user = userEvent.setup();
    renderPage(<AccountPage />, { path: '/user-account' });
    await user.type(screen.getByLabelText(/^New email address/), 'ada@new.example');
    await user.click(screen.getByRole('button', { name: 'Send verification code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please try again in 42 seconds.');
    expect(screen.queryByPlaceholderText('Paste verification code')).not.toBeInTheDocument();
  });
});

describe('account page: deleting the account', () => {
  it('deletes nothing until DELETE is typed, then the candidate and the user, clears the session and goes to login', async () => {
    let deletedUser: unknown;
    const fake = fakeServices((request) => {
      if (request.method === 'GET' && request.url === '/candidate') return { status: 200, data: candidate };
      if (request.method === 'DELETE' && request.url === '/candidate') return { status: 200 };
      if (request.method === 'DELETE' && request.url === '/api/user') {
        deletedUser = request.params;
        return { status: 200, data: { succeeded: true, errors: [] } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    const { router } = renderPage(<AccountPage />, { path: '/user-account', also: ['/account/login'] });

    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete your account?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete account' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'delete');
    expect(confirm).toBeDisabled();
    expect(fake.requests.filter((request) => request.method === 'DELETE')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Type DELETE to confirm'));
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(confirm);

    await waitFor(() => expect(authStore.get().id).toBe(-1));
    expect(router.state.location.pathname).toBe('/account/login');
    expect(router.state.location.search).toBe('');
    const deletes = fake.requests.filter((request) => request.method === 'DELETE');
    expect(deletes.map((request) => request.url)).toEqual(['/candidate', '/api/user']);
    expect(deletes[0]?.data).toEqual({ id: candidate.id });
    expect(deletedUser).toEqual({ userId: 'user-1' });
    expect(authStore.get().id).toBe(-1);
  });

  it('keeps the session and says why when the account cannot be deleted', async () => {
    fakeServices((request) => {
      if (request.method === 'GET' && request.url === '/candidate') return { status: 200, data: candidate };
      if (request.method === 'DELETE' && request.url === '/candidate') return { status: 200 };
      return { status: 400, data: { succeeded: false, errors: ['User not found.'] } };
    });
    const user = userEvent.setup();
    const { router } = renderPage(<AccountPage />, { path: '/user-account', also: ['/account/login'] });
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('alertdialog');
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('User not found.');
    expect(router.state.location.pathname).toBe('/user-account');
    expect(authStore.get().id).toBe('user-1');
  });
});
