import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyAuthResponse } from '@careers/contracts/identity';
import { renderPage } from '../../../testing/render';
import { ApiError, SERVER_SIDE_ERROR } from '../../../lib/api-error';
import { authStore } from '../../../lib/auth-store';
import { LoginForm } from './login-form';
import { canLogIn } from '../../../lib/api/identity/can-log-in';
import { sendVerificationCode } from '../../../lib/api/identity/send-verification-code';
import { verifyCode } from '../../../lib/api/identity/verify-code';

vi.mock('../../../lib/api/identity/can-log-in', () => ({ canLogIn: vi.fn() }));
vi.mock('../../../lib/api/identity/send-verification-code', () => ({ sendVerificationCode: vi.fn() }));
vi.mock('../../../lib/api/identity/verify-code', () => ({ verifyCode: vi.fn() }));

const signedIn = { ...emptyAuthResponse(), id: 'u1', name: 'Ada', email: 'ada@example.com', accessToken: 'a.b.c', refreshToken: 'r', success: true, feedbackMessage: null };

beforeEach(() => {
  vi.mocked(canLogIn).mockReset().mockResolvedValue(true);
  vi.mocked(sendVerificationCode).mockReset().mockResolvedValue(undefined);
  vi.mocked(verifyCode).mockReset();
  authStore.clear();
});

async function reachVerification(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.click(screen.getByRole('button', { name: 'Get a verification code' }));
  return screen.findByRole('heading', { name: 'Verification' });
}

describe('login form', () => {
  it("shows 'Please enter a valid email' for an empty or malformed address and calls nothing", async () => {
    const user = userEvent.setup();
    renderPage(<LoginForm />, { path: '/account/login' });
    await user.click(screen.getByRole('button', { name: 'Get a verification code' }));
    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.tab();
    expect(screen.getByText('Please enter a valid email')).toBeInTheDocument();
    expect(canLogIn).not.toHaveBeenCalled();
  });

  it("validates on blur, before any submit", async () => {
    const user = userEvent.setup();
    renderPage(<LoginForm />, { path: '/account/login' });
    await user.click(screen.getByLabelText('Email'));
    await user.tab();
    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument();
  });

  it("shows 'Invalid email address' when the login check fails", async () => {
    vi.mocked(canLogIn).mockResolvedValue(false);
    const user = userEvent.setup();
    renderPage(<LoginForm />, { path: '/account/login' });
    await user.type(screen.getByLabelText('Email'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Get a verification code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email address');
    expect(sendVerificationCode).not.toHaveBeenCalled();
  });

  it("offers sign-up beside 'Invalid email address' when the address has no account", async () => {
    vi.mocked(canLogIn).mockResolvedValue(false);
    const user = userEvent.setup();
    renderPage(<LoginForm />, { path: '/account/login' });
    await user.type(screen.getByLabelText('Email'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Get a verification code' }));
    expect(await screen.findByText(/No account uses this address/)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Sign up' }).length).toBeGreaterThan(0);
  });

  it.each([
    ['a rate limit', new ApiError('An unexpected server error occurred.', { status: 429, headers: { 'retry-after': '42' } }), 'Too many tries. Please try again in 42 seconds.'],
    ['no connection', new ApiError('Network Error', { code: 'ERR_NETWORK' }), 'No connection to the server. Check your internet connection and try again.'],
    ['the service failing', new ApiError('An unexpected server error occurred.', { status: 503 }), 'The service is not available right now. Please try again in a moment.'],
  ])('says what happened when the login check fails with %s, not "Invalid email address"', async (_case, error, message) => {
    vi.mocked(canLogIn).mockRejectedValue(error);
    const user = userEvent.setup();
    renderPage(<LoginForm />, { path: '/account/login' });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Get a verification code' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(alert).not.toHaveTextContent('Invalid email address');
    expect(screen.queryByText(/No account uses this address/)).toBeNull();
  });

  it('does not claim a code was just sent when the send was rate limited', async () => {
    vi.mocked(sendVerificationCode).mockRejectedValue(new ApiError('An unexpected server error occurred.', { status: 429, headers: { 'retry-after': '30' } }));
    const user = userEvent.setup();
    renderPage(<LoginForm />, { path: '/account/login' });
    await reachVerification(user);
    expect(screen.getByText(/was sent to/)).toHaveTextContent('A verification code was sent to ada@example.com moments ago.');
    expect(screen.queryByText(/We sent a verification code/)).toBeNull();
    expect(screen.getByText(/You can ask for a new code in \d+ seconds\./)).toBeInTheDocument();
  });

  it('says the session ended when a session was ended rather than left', async () => {
    authStore.fail('Exception: A server side error occurred.');
    renderPage(<LoginForm />, { path: '/account/login' });
    expect(await screen.findByRole('status')).toHaveTextContent('Your session has ended. Please log in again.');
  });

  it('says nothing of a session after the candidate logged out', async () => {
    authStore.clear();
    renderPage(<LoginForm />, { path: '/account/login' });
    expect(screen.queryByText('Your session has ended. Please log in again.')).toBeNull();
  });

  it("checks the login, sends the code, and shows the verification step; empty code gives 'Invalid verification code.'", async () => {
    const user = userEvent.setup();
    renderPage(<LoginForm />, { path: '/account/login' });
    await reachVerification(user);
    expect(canLogIn).toHaveBeenCalledWith('ada@example.com');
    expect(sendVerificationCode).toHaveBeenCalledWith('ada@example.com');
    const code = screen.getByPlaceholderText('Paste verification code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeInTheDocument();
    expect(screen.getByText('Resend')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid verification code.')).toBeInTheDocument();
    expect(verifyCode).not.toHaveBeenCalled();
  });

  it("shows 'Invalid verification code.' for a falsy answer and for a failed call", async () => {
    vi.mocked(verifyCode).mockResolvedValueOnce(null).mockRejectedValueOnce(new ApiError(SERVER_SIDE_ERROR, { status: 401, body: { feedbackMessage: 'Code expired' } }));
    const user = userEvent.setup();
    renderPage(<LoginForm />, { path: '/account/login' });
    await reachVerification(user);
    await user.type(screen.getByPlaceholderText('Paste verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid verification code.');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(verifyCode).toHaveBeenCalledTimes(2));
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid verification code.');
  });

  it('stores the session and follows a safe returnUrl', async () => {
    vi.mocked(verifyCode).mockResolvedValue(signedIn);
    const user = userEvent.setup();
    const { router } = renderPage(<LoginForm />, { path: '/account/login', url: '/account/login?returnUrl=%2Fcvs%3Fpage%3D2', also: ['/cvs', '/applications'] });
    await reachVerification(user);
    await user.type(screen.getByPlaceholderText('Paste verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent('/cvs');
    expect(router.state.location.search).toBe('?page=2');
    expect(authStore.get()).toMatchObject({ id: 'u1', accessToken: 'a.b.c' });
  });

  it('ignores an absolute returnUrl and goes to /applications', async () => {
    vi.mocked(verifyCode).mockResolvedValue(signedIn);
    const user = userEvent.setup();
    const { router } = renderPage(<LoginForm />, { path: '/account/login', url: `/account/login?returnUrl=${encodeURIComponent('https://evil.example/x')}`, also: ['/applications'] });
    await reachVerification(user);
    await user.type(screen.getByPlaceholderText('Paste verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent('/applications');
    expect(router.state.location.pathname).toBe('/applications');
  });
});
