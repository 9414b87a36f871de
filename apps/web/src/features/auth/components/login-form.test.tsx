import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyAuthResponse } from '@careers/contracts/identity';
import { renderPage } from '../../../testing/render';
import { authStore } from '../../../lib/auth-store';
import { signInNotice } from '../../../lib/sign-in-notice';
import { fakeNetwork, problem, solvableChallenge } from '../../../testing/fake-services';
import type { AdapterReply } from '../../../testing/mock-adapter';
import { LoginForm } from './login-form';

const signedIn = {
  ...emptyAuthResponse(),
  id: 'u1',
  name: 'Ada',
  email: 'ada@example.com',
  accessToken: 'a.b.c',
  refreshToken: 'r',
  success: true,
  feedbackMessage: null,
};

/** What the identity service answers, per test: the login check, the code's sending, and each verify-code in turn. */
let answers: { canLogIn: AdapterReply; sendCode: AdapterReply; verifyCode: AdapterReply[] };
let network: ReturnType<typeof fakeNetwork>;
const canLogInCalls = () => network.called('POST', '/api/account/can-log-in');
const sendCodeCalls = () => network.called('POST', '/api/account/send-verification-code');
const verifyCodeCalls = () => network.called('POST', '/api/account/verify-code');

beforeEach(() => {
  answers = { canLogIn: { status: 200 }, sendCode: { status: 200 }, verifyCode: [] };
  network = fakeNetwork(({ method, url }) => {
    if (method === 'POST' && url === '/api/account/can-log-in') return answers.canLogIn;
    if (method === 'POST' && url === '/api/account/send-verification-code') return answers.sendCode;
    if (method === 'GET' && url === '/api/bot-check/challenge') return { status: 200, data: solvableChallenge() };
    if (method === 'POST' && url === '/api/account/verify-code')
      return answers.verifyCode.shift() ?? answers.verifyCode.at(-1);
    return undefined;
  });
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
    expect(network.requests).toEqual([]);
  });

  it('validates on blur, before any submit', async () => {
    const user = userEvent.setup();
    renderPage(<LoginForm />, { path: '/account/login' });
    await user.click(screen.getByLabelText('Email'));
    await user.tab();
    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument();
  });

  it("shows 'Invalid email address' when the login check fails", async () => {
    answers.canLogIn = problem(404);
    const user = userEvent.setup();
    renderPage(<LoginForm />, { path: '/account/login' });
    await user.type(screen.getByLabelText('Email'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Get a verification code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email address');
    expect(sendCodeCalls()).toEqual([]);
  });

  it("offers sign-up beside 'Invalid email address' when the address has no account", async () => {
    answers.canLogIn = problem(404);
    const user = userEvent.setup();
    renderPage(<LoginForm />, { path: '/account/login' });
    await user.type(screen.getByLabelText('Email'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Get a verification code' }));
    expect(await screen.findByText(/No account uses this address/)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Sign up' }).length).toBeGreaterThan(0);
  });

  it("tells an employer's address to sign in at /employer, sends no code and offers no sign-up", async () => {
    answers.canLogIn = problem(404, { type: 'urn:careers-portal:problem:employer-account' });
    const user = userEvent.setup();
    renderPage(<LoginForm />, { path: '/account/login' });
    await user.type(screen.getByLabelText('Email'), 'boss@example.com');
    await user.click(screen.getByRole('button', { name: 'Get a verification code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This address belongs to an employer account. Employers sign in at /employer.',
    );
    expect(screen.getByRole('link', { name: 'Go to the employer sign-in' })).toHaveAttribute('href', '/employer');
    expect(screen.queryByText(/No account uses this address/)).toBeNull();
    expect(sendCodeCalls()).toEqual([]);
  });

  it.each<[string, AdapterReply, string]>([
    ['a rate limit', problem(429, {}, { 'Retry-After': '42' }), 'Too many tries. Please try again in 42 seconds.'],
    [
      'no connection',
      { networkError: true },
      'No connection to the server. Check your internet connection and try again.',
    ],
    ['the service failing', problem(503), 'The service is not available right now. Please try again in a moment.'],
  ])(
    'says what happened when the login check fails with %s, not "Invalid email address"',
    async (_case, answer, message) => {
      answers.canLogIn = answer;
      const user = userEvent.setup();
      renderPage(<LoginForm />, { path: '/account/login' });
      await user.type(screen.getByLabelText('Email'), 'ada@example.com');
      await user.click(screen.getByRole('button', { name: 'Get a verification code' }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(message);
      expect(alert).not.toHaveTextContent('Invalid email address');
      expect(screen.queryByText(/No account uses this address/)).toBeNull();
    },
  );

  it('does not claim a code was just sent when the send was rate limited', async () => {
    answers.sendCode = problem(429, {}, { 'Retry-After': '30' });
    const user = userEvent.setup();
    renderPage(<LoginForm />, { path: '/account/login' });
    await reachVerification(user);
    expect(screen.getByText(/was sent to/)).toHaveTextContent(
      'A verification code was sent to ada@example.com moments ago.',
    );
    expect(screen.queryByText(/We sent a verification code/)).toBeNull();
    expect(screen.getByText(/You can ask for a new code in \d+ seconds\./)).toBeInTheDocument();
  });

  it('Resend starts disabled with its countdown when the send says when the next code may go', async () => {
    answers.sendCode = { status: 200, headers: { 'Retry-After': '60' } };
    const user = userEvent.setup();
    renderPage(<LoginForm />, { path: '/account/login' });
    await reachVerification(user);
    expect(screen.getByRole('button', { name: 'Resend' })).toBeDisabled();
    expect(screen.getByText(/You can ask for a new code in (5\d|60) seconds\./)).toBeInTheDocument();
    expect(sendCodeCalls()).toHaveLength(1);
  });

  it('says no password is needed instead of offering to reset one', () => {
    renderPage(<LoginForm />, { path: '/account/login' });
    expect(screen.getByText('No password needed: we email you a code.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /password/i })).toBeNull();
  });

  it('says what the page that sent the visitor here had to say (an account just deleted), as a line of the page', () => {
    signInNotice.leave('Your account has been deleted.');
    const { unmount } = renderPage(<LoginForm />, { path: '/account/login' });
    expect(screen.getByRole('status')).toHaveTextContent('Your account has been deleted.');
    // Said once: the page clears it as it goes.
    unmount();
    expect(signInNotice.peek()).toBeNull();
  });

  it('says the session ended when a session was ended rather than left', async () => {
    authStore.fail('Exception: A server side error occurred.');
    renderPage(<LoginForm />, { path: '/account/login' });
    expect(await screen.findByRole('status')).toHaveTextContent('Your session has ended. Please sign in again.');
  });

  it('says nothing of a session after the candidate logged out', async () => {
    authStore.clear();
    renderPage(<LoginForm />, { path: '/account/login' });
    expect(screen.queryByText('Your session has ended. Please sign in again.')).toBeNull();
  });

  it("checks the login, sends the code, and shows the verification step; empty code gives 'Invalid verification code.'", async () => {
    const user = userEvent.setup();
    renderPage(<LoginForm />, { path: '/account/login' });
    await reachVerification(user);
    expect(canLogInCalls().map((request) => request.data)).toEqual([
      expect.objectContaining({ email: 'ada@example.com' }),
    ]);
    expect(sendCodeCalls().map((request) => request.data)).toEqual([{ email: 'ada@example.com' }]);
    const code = screen.getByPlaceholderText('Paste verification code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeInTheDocument();
    expect(screen.getByText('Resend')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid verification code.')).toBeInTheDocument();
    expect(verifyCodeCalls()).toEqual([]);
  });

  it("shows 'Invalid verification code.' for a falsy answer and for a failed call", async () => {
    // First an answer that signs nobody in, then a refusal.
    answers.verifyCode = [
      { status: 200, data: emptyAuthResponse('Invalid code') },
      { status: 401, data: { feedbackMessage: 'Code expired' } },
    ];
    const user = userEvent.setup();
    renderPage(<LoginForm />, { path: '/account/login' });
    await reachVerification(user);
    await user.type(screen.getByPlaceholderText('Paste verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid verification code.');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(verifyCodeCalls()).toHaveLength(2));
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid verification code.');
  });

  it('stores the session and follows a safe returnUrl', async () => {
    answers.verifyCode = [{ status: 200, data: signedIn }];
    const user = userEvent.setup();
    const { router } = renderPage(<LoginForm />, {
      path: '/account/login',
      url: '/account/login?returnUrl=%2Fcvs%3Fpage%3D2',
      also: ['/cvs', '/applications'],
    });
    await reachVerification(user);
    await user.type(screen.getByPlaceholderText('Paste verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent('/cvs');
    expect(router.state.location.search).toBe('?page=2');
    expect(authStore.get()).toMatchObject({ id: 'u1', accessToken: 'a.b.c' });
  });

  it('ignores an absolute returnUrl and goes to /applications', async () => {
    answers.verifyCode = [{ status: 200, data: signedIn }];
    const user = userEvent.setup();
    const { router } = renderPage(<LoginForm />, {
      path: '/account/login',
      url: `/account/login?returnUrl=${encodeURIComponent('https://evil.example/x')}`,
      also: ['/applications'],
    });
    await reachVerification(user);
    await user.type(screen.getByPlaceholderText('Paste verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent('/applications');
    expect(router.state.location.pathname).toBe('/applications');
  });
});
