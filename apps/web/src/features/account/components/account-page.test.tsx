import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore } from '../../../lib/auth-store';
import { signInNotice } from '../../../lib/sign-in-notice';
import { candidate } from '../../../testing/candidate-fixtures';
import { fakeServices } from '../../../testing/fake-services';
import { renderPage } from '../../../testing/render';
import { tokenExpiringIn } from '../../../testing/make-jwt';
import { Toaster } from '../../../components/toaster';
import { AccountPage } from './account-page';
import { STATUS_EMAILS_LABEL } from './status-emails';

describe('account page: e-mail change', () => {
  it('sends a code to the new address, confirms it with the request id and updates the stored e-mail', async () => {
    const fake = fakeServices((request) => {
      if (request.url === '/api/user/email-update-initialise')
        return { status: 200, data: { succeeded: true, requestId: 'req-1', errors: [] } };
      if (request.url === '/api/user/email-update-confirm')
        return { status: 200, data: { succeeded: true, emailAddress: 'ada@new.example', errors: [] } };
      if (request.url === '/api/account/refresh')
        return {
          status: 200,
          data: { ...authStore.get(), email: 'ada@new.example', accessToken: refreshedToken, refreshToken: 'r2' },
        };
      return undefined;
    });
    const refreshedToken = tokenExpiringIn(900, { email: 'ada@new.example' });
    const user = userEvent.setup();
    renderPage(<AccountPage />, { path: '/user-account' });

    await user.type(screen.getByLabelText(/^New email address/), 'ada@new.example');
    await user.click(screen.getByRole('button', { name: 'Send verification code' }));
    const code = await screen.findByLabelText('Code sent to ada@new.example');
    expect(fake.called('PUT', '/api/user/email-update-initialise')[0]?.data).toEqual({
      newEmailAddress: 'ada@new.example',
    });

    expect(screen.getByText(/and another one to your current address/)).toHaveTextContent('ada@example.com');
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm new email' }));
    // The current address's code is asked for before anything is sent.
    expect(
      await screen.findByText('Please enter the verification code sent to your current email address'),
    ).toBeInTheDocument();
    expect(fake.called('PUT', '/api/user/email-update-confirm')).toHaveLength(0);
    await user.type(screen.getByLabelText('Code sent to ada@example.com'), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm new email' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your email address is now ada@new.example.');
    expect(fake.called('PUT', '/api/user/email-update-confirm')[0]?.data).toEqual({
      requestId: 'req-1',
      otp: '123456',
      currentEmailOtp: '654321',
    });
    expect(authStore.get().email).toBe('ada@new.example');
    // The next access token carries the new address, which the candidate service takes over.
    await waitFor(() => expect(authStore.get().accessToken).toBe(refreshedToken));
    expect(authStore.get().email).toBe('ada@new.example');
  });

  it('after a reload, shows the change the identity service keeps pending and confirms it with its request id', async () => {
    const fake = fakeServices((request) => {
      if (request.method === 'GET' && request.url === '/api/user/email-update')
        return {
          status: 200,
          data: {
            pending: { requestId: 'req-kept', newEmailAddress: 'ada@new.example', expiresAt: '2099-01-01T00:00:00Z' },
          },
        };
      if (request.url === '/api/user/email-update-confirm')
        return { status: 200, data: { succeeded: true, emailAddress: 'ada@new.example', errors: [] } };
      return undefined;
    });
    const user = userEvent.setup();
    renderPage(<AccountPage />, { path: '/user-account' });
    await user.type(await screen.findByLabelText('Code sent to ada@new.example'), '123456');
    expect(screen.queryByLabelText(/^New email address/)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Code sent to ada@example.com'), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm new email' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your email address is now ada@new.example.');
    expect(fake.called('PUT', '/api/user/email-update-confirm')[0]?.data).toEqual({
      requestId: 'req-kept',
      otp: '123456',
      currentEmailOtp: '654321',
    });
  });

  it('sets a kept pending change aside with "Use a different address"', async () => {
    fakeServices((request) => {
      if (request.method === 'GET' && request.url === '/api/user/email-update')
        return {
          status: 200,
          data: {
            pending: { requestId: 'req-kept', newEmailAddress: 'ada@new.example', expiresAt: '2099-01-01T00:00:00Z' },
          },
        };
      return undefined;
    });
    const user = userEvent.setup();
    renderPage(<AccountPage />, { path: '/user-account' });
    await screen.findByLabelText('Code sent to ada@new.example');
    await user.click(screen.getByRole('button', { name: 'Use a different address' }));
    expect(screen.getByLabelText(/^New email address/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Code sent to ada@new.example')).not.toBeInTheDocument();
  });

  it("shows the result's errors and keeps the stored e-mail when the code is wrong", async () => {
    fakeServices((request) => {
      if (request.url === '/api/user/email-update-initialise')
        return { status: 200, data: { succeeded: true, requestId: 'req-1', errors: [] } };
      return {
        status: 400,
        data: { succeeded: false, emailAddress: null, errors: ['The code is not valid or has expired.'] },
      };
    });
    const user = userEvent.setup();
    renderPage(<AccountPage />, { path: '/user-account' });
    await user.type(screen.getByLabelText(/^New email address/), 'ada@new.example');
    await user.click(screen.getByRole('button', { name: 'Send verification code' }));
    await user.type(await screen.findByLabelText('Code sent to ada@new.example'), '000000');
    await user.type(screen.getByLabelText('Code sent to ada@example.com'), '111111');
    await user.click(screen.getByRole('button', { name: 'Confirm new email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The code is not valid or has expired.');
    expect(authStore.get().email).toBe('ada@example.com');
  });

  it('sends a new code to the same address on request, and says so', async () => {
    let sends = 0;
    const fake = fakeServices((request) => {
      if (request.url === '/api/user/email-update-initialise') {
        sends += 1;
        return sends === 1
          ? { status: 200, data: { succeeded: true, requestId: 'req-1', errors: [] } }
          : {
              status: 429,
              data: { type: 'about:blank', title: 'Too Many Requests', status: 429 },
              headers: { 'retry-after': '58' },
            };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderPage(<AccountPage />, { path: '/user-account' });
    await user.type(screen.getByLabelText(/^New email address/), 'ada@new.example');
    await user.click(screen.getByRole('button', { name: 'Send verification code' }));
    await screen.findByLabelText('Code sent to ada@new.example');
    await user.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please try again in 58 seconds.');
    expect(fake.called('PUT', '/api/user/email-update-initialise')).toHaveLength(2);
    expect(screen.getByLabelText('Code sent to ada@new.example')).toBeInTheDocument();
  });

  it('says when to try again after too many codes', async () => {
    fakeServices(() => ({
      status: 429,
      data: { type: 'about:blank', title: 'Too Many Requests', status: 429 },
      headers: { 'retry-after': '42' },
    }));
    const user = userEvent.setup();
    renderPage(<AccountPage />, { path: '/user-account' });
    await user.type(screen.getByLabelText(/^New email address/), 'ada@new.example');
    await user.click(screen.getByRole('button', { name: 'Send verification code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please try again in 42 seconds.');
    expect(screen.queryByLabelText('Code sent to ada@new.example')).not.toBeInTheDocument();
  });
});

describe('account page: deleting the account', () => {
  it('asks for a fresh e-mailed code, deletes the account with it, then the candidate, clears the session and goes to login', async () => {
    let deletedUser: unknown;
    const fake = fakeServices((request) => {
      if (request.method === 'PUT' && request.url === '/api/user/delete-initialise')
        return { status: 200, data: { succeeded: true, errors: [] } };
      if (request.method === 'GET' && request.url === '/candidate') return { status: 200, data: candidate };
      if (request.method === 'DELETE' && request.url === '/candidate') return { status: 200 };
      if (request.method === 'DELETE' && request.url === '/api/user') {
        deletedUser = { params: request.params, body: request.data };
        return { status: 200, data: { succeeded: true, errors: [] } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    const { router } = renderPage(<AccountPage />, { path: '/user-account', also: ['/account/login'] });
    render(<Toaster />);

    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete your account?' });
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'We sent a verification code to ada@example.com.',
    );
    expect(fake.called('PUT', '/api/user/delete-initialise')).toHaveLength(1);
    const confirm = within(dialog).getByRole('button', { name: 'Delete account' });
    expect(confirm).toBeDisabled();
    expect(fake.requests.filter((request) => request.method === 'DELETE')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Verification code'), ' 123456 ');
    await user.click(confirm);

    await waitFor(() => expect(authStore.get().id).toBe(-1));
    expect(router.state.location.pathname).toBe('/account/login');
    expect(router.state.location.search).toBe('');
    const deletes = fake.requests.filter((request) => request.method === 'DELETE');
    // The account first: a wrong code must delete nothing.
    expect(deletes.map((request) => request.url)).toEqual(['/api/user', '/candidate']);
    expect(deletes[1]?.data).toEqual({ id: candidate.id });
    expect(deletedUser).toEqual({ params: { userId: 'user-1' }, body: { code: '123456' } });
    // Said once it is done, on the sign-in page it lands on, as a line of that page (login-form.test.tsx), not
    // as a toast that goes.
    expect(signInNotice.peek()).toBe('Your account has been deleted, with your profile, CVs and applications.');
    signInNotice.clear();
  });

  it('keeps everything and says why when the code is wrong', async () => {
    const fake = fakeServices((request) => {
      if (request.method === 'PUT' && request.url === '/api/user/delete-initialise')
        return { status: 200, data: { succeeded: true, errors: [] } };
      if (request.method === 'GET' && request.url === '/candidate') return { status: 200, data: candidate };
      if (request.method === 'DELETE' && request.url === '/candidate') return { status: 200 };
      return { status: 400, data: { succeeded: false, errors: ['Invalid verification code.'] } };
    });
    const user = userEvent.setup();
    const { router } = renderPage(<AccountPage />, { path: '/user-account', also: ['/account/login'] });
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('alertdialog');
    await user.type(within(dialog).getByLabelText('Verification code'), '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Invalid verification code.');
    expect(router.state.location.pathname).toBe('/user-account');
    expect(authStore.get().id).toBe('user-1');
    expect(fake.called('DELETE', '/candidate')).toHaveLength(0);
  });

  it('says when to try again when no code can be sent yet, and sends one on request', async () => {
    let asks = 0;
    const fake = fakeServices((request) => {
      if (request.method === 'PUT' && request.url === '/api/user/delete-initialise') {
        asks += 1;
        return asks === 1
          ? {
              status: 429,
              data: { type: 'about:blank', title: 'Too Many Requests', status: 429 },
              headers: { 'retry-after': '30' },
            }
          : { status: 200, data: { succeeded: true, errors: [] } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderPage(<AccountPage />, { path: '/user-account' });
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('alertdialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please try again in 30 seconds.');
    await user.click(within(dialog).getByRole('button', { name: 'Resend' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'We sent a verification code to ada@example.com.',
    );
    expect(fake.called('PUT', '/api/user/delete-initialise')).toHaveLength(2);
  });
});

describe('account page: status e-mails', () => {
  it('shows the switch as the service has it and saves a change at once', async () => {
    const fake = fakeServices((request) => {
      if (request.method === 'GET' && request.url === '/candidate/status-emails')
        return { status: 200, data: { statusEmails: true } };
      if (request.method === 'PUT' && request.url === '/candidate/status-emails')
        return { status: 200, data: { statusEmails: false } };
      return undefined;
    });
    const user = userEvent.setup();
    renderPage(<AccountPage />, { path: '/user-account' });
    const toggle = await screen.findByRole('checkbox', { name: STATUS_EMAILS_LABEL });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await waitFor(() =>
      expect(fake.called('PUT', '/candidate/status-emails')[0]?.data).toEqual({ statusEmails: false }),
    );
    await waitFor(() => expect(screen.getByRole('checkbox', { name: STATUS_EMAILS_LABEL })).not.toBeChecked());
    expect(screen.getByRole('checkbox', { name: STATUS_EMAILS_LABEL })).toBeEnabled();
  });

  it('says so when the change is refused, and keeps the switch where the service has it', async () => {
    fakeServices((request) => {
      if (request.method === 'GET' && request.url === '/candidate/status-emails')
        return { status: 200, data: { statusEmails: false } };
      if (request.method === 'PUT')
        return {
          status: 503,
          data: { type: 'about:blank', title: 'Service Unavailable', status: 503, detail: 'Try again shortly.' },
        };
      return undefined;
    });
    const user = userEvent.setup();
    renderPage(<AccountPage />, { path: '/user-account' });
    await user.click(await screen.findByRole('checkbox', { name: STATUS_EMAILS_LABEL }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Try again shortly.');
    expect(screen.getByRole('checkbox', { name: STATUS_EMAILS_LABEL })).not.toBeChecked();
  });
});
