import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyAuthResponse } from '@careers/contracts/identity';
import { renderPage } from '../../../testing/render';
import { fakeNetwork } from '../../../testing/fake-services';
import type { AdapterReply } from '../../../testing/mock-adapter';
import { ResetPasswordForm, ResetPasswordPage } from './reset-password-form';
import { authStore } from '../../../lib/auth-store';
import { signedInUser } from '../../../testing/fake-services';

/** What the identity service answers to each reset-password and login call in turn (the last one repeats). */
let answers: { reset: AdapterReply[]; login: AdapterReply[]; status: AdapterReply[] };
let network: ReturnType<typeof fakeNetwork>;
const next = (queue: AdapterReply[]) => (queue.length > 1 ? queue.shift() : queue[0]);
const resetCalls = () => network.called('POST', '/api/account/reset-password');
const loginCalls = () => network.called('POST', '/api/account/login');

beforeEach(() => {
  answers = {
    reset: [{ status: 200, data: { succeeded: true, errors: [] } }],
    login: [],
    status: [{ status: 200, data: { status: 'usable', message: null } }],
  };
  network = fakeNetwork(({ method, url }) => {
    if (method === 'POST' && url === '/api/account/reset-link-status') return next(answers.status);
    if (method === 'POST' && url === '/api/account/reset-password') return next(answers.reset);
    if (method === 'POST' && url === '/api/account/login') return next(answers.login);
    return undefined;
  });
});

const page = () =>
  renderPage(<ResetPasswordForm email="ada@example.com" token="tok/with/slashes" />, {
    path: '/account/reset',
    also: ['/'],
  });

describe('password reset form', () => {
  it("shows 'Please correct the errors' and the field messages when the form is invalid", async () => {
    const user = userEvent.setup();
    page();
    await user.click(screen.getByRole('button', { name: 'Save Password & Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please correct the errors');
    expect(screen.getByText('Please enter a new password')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();
    expect(network.requests).toEqual([]);
  });

  it('needs at least 8 characters and matching passwords', async () => {
    const user = userEvent.setup();
    page();
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.tab();
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'enough!');
    await user.type(screen.getByLabelText('Confirm password'), 'different1');
    await user.tab();
    expect(await screen.findByText('Passwords must match')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'shortenough!');
    expect(screen.queryByText('Passwords must match')).not.toBeInTheDocument();
  });

  it('joins server errors with line breaks', async () => {
    answers.reset = [{ status: 400, data: { succeeded: false, errors: ['Invalid token.', 'Password too weak.'] } }];
    const user = userEvent.setup();
    page();
    await user.type(screen.getByLabelText('New password'), 'longenough1');
    await user.type(screen.getByLabelText('Confirm password'), 'longenough1');
    await user.click(screen.getByRole('button', { name: 'Save Password & Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(alert.querySelector('.alert__message')?.textContent).toBe('Invalid token.\nPassword too weak.');
  });

  it("falls back to 'Failed to request reset link', and shows the login feedback or 'Failed to login'", async () => {
    answers.reset = [{ networkError: true }, { status: 200, data: { succeeded: true, errors: [] } }];
    const user = userEvent.setup();
    page();
    await user.type(screen.getByLabelText('New password'), 'longenough1');
    await user.type(screen.getByLabelText('Confirm password'), 'longenough1');
    await user.click(screen.getByRole('button', { name: 'Save Password & Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to request reset link');

    answers.login = [
      { status: 200, data: emptyAuthResponse('Please check your login details') },
      { status: 200, data: { ...emptyAuthResponse(), feedbackMessage: '' } },
    ];
    await user.click(screen.getByRole('button', { name: 'Save Password & Sign in' }));
    expect(await screen.findByText('Please check your login details')).toBeInTheDocument();
    expect(resetCalls().at(-1)?.data).toEqual({
      email: 'ada@example.com',
      token: 'tok/with/slashes',
      password: 'longenough1',
      confirmPassword: 'longenough1',
    });

    await user.click(screen.getByRole('button', { name: 'Save Password & Sign in' }));
    expect(await screen.findByText('Failed to login')).toBeInTheDocument();
  });

  it('signs in with the new password and goes to /', async () => {
    answers.login = [
      {
        status: 200,
        data: {
          ...emptyAuthResponse(),
          id: 'u1',
          accessToken: 'a.b.c',
          refreshToken: 'r',
          success: true,
          feedbackMessage: null,
        },
      },
    ];
    const user = userEvent.setup();
    page();
    await user.type(screen.getByLabelText('New password'), 'longenough1');
    await user.type(screen.getByLabelText('Confirm password'), 'longenough1');
    await user.click(screen.getByRole('button', { name: 'Save Password & Sign in' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent('/');
    expect(loginCalls().map((request) => request.data)).toEqual([
      { email: 'ada@example.com', password: 'longenough1' },
    ]);
  });

  it('signs in with the session the reset answers: no password login, nothing counted as a failed one', async () => {
    authStore.clear();
    const session = { ...signedInUser, id: 'u-reset' };
    answers.reset = [{ status: 200, data: { succeeded: true, errors: [], session } }];
    const user = userEvent.setup();
    page();
    await user.type(screen.getByLabelText('New password'), 'longenough1');
    await user.type(screen.getByLabelText('Confirm password'), 'longenough1');
    await user.click(screen.getByRole('button', { name: 'Save Password & Sign in' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent('/');
    expect(loginCalls()).toEqual([]);
    expect(authStore.get()).toMatchObject({ id: 'u-reset', accessToken: session.accessToken });
  });
});

describe('password reset page: the link is checked before the form', () => {
  const resetPage = () =>
    renderPage(<ResetPasswordPage email="ada@example.com" token="tok/with/slashes" />, {
      path: '/account/reset',
      also: ['/', '/account/request-password-reset', '/employer/reset/*'],
    });

  it.each([
    ['used', 'This link has already been used'],
    ['expired', 'This link has expired'],
    ['invalid', 'This link is not valid'],
  ])('a %s link says so at once, with the way to a new one, and no form', async (status, title) => {
    answers.status = [{ status: 200, data: { status, message: 'from the service', portal: 'candidate' } }];
    resetPage();
    const heading = await screen.findByRole('heading', { name: title });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Send me a new link' })).toHaveAttribute(
      'href',
      '/account/request-password-reset',
    );
    expect(network.called('POST', '/api/account/reset-link-status')[0]?.data).toEqual({
      email: 'ada@example.com',
      token: 'tok/with/slashes',
    });
    expect(resetCalls()).toEqual([]);
  });

  it("passes an employer's link on to the console's own reset page", async () => {
    answers.status = [{ status: 200, data: { status: 'usable', message: null, portal: 'employer' } }];
    const { router } = resetPage();
    expect(await screen.findByTestId('landed')).toHaveTextContent('/employer/reset/*');
    expect(router.state.location.pathname).toBe('/employer/reset/ada%40example.com/tok/with/slashes');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('a usable link shows the form; so does a check that could not be made', async () => {
    const first = resetPage();
    expect(await screen.findByLabelText('New password')).toBeInTheDocument();
    first.unmount();
    answers.status = [{ networkError: true }];
    resetPage();
    expect(await screen.findByLabelText('New password')).toBeInTheDocument();
  });
});
