import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore } from '../lib/auth-store';
import { noteResendWait } from '../lib/resend-clock';
import { application, candidate, page } from '../testing/candidate-fixtures';
import { fakeServices, signedInUser, solvableChallenge } from '../testing/fake-services';
import type { AdapterReply } from '../testing/mock-adapter';
import { tokenExpiringIn } from '../testing/make-jwt';
import { renderPage } from '../testing/render';
import ConfirmEmailBanner, { businessToName } from './confirm-email-banner';

vi.mock('../lib/toast', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const unproved = { ...signedInUser, accessToken: tokenExpiringIn(900, { email_verified: false }) };
const proved = { ...signedInUser, accessToken: tokenExpiringIn(900, { email_verified: true }), refreshToken: 'new' };

let answers: { applications: AdapterReply; verify: AdapterReply };
let network: ReturnType<typeof fakeServices>;

function start(auth = unproved) {
  network = fakeServices(({ method, url }) => {
    if (method === 'GET' && url === '/job-applications') return answers.applications;
    if (method === 'GET' && url === '/api/bot-check/challenge') return { status: 200, data: solvableChallenge() };
    if (method === 'POST' && url === '/api/account/verify-code') return answers.verify;
    if (method === 'GET' && url === '/candidate') return { status: 200, data: candidate };
    return undefined;
  }, auth);
  return renderPage(
    <main id="main-content">
      <ConfirmEmailBanner />
      <h1>Job Applications</h1>
    </main>,
  );
}

beforeEach(() => {
  sessionStorage.clear();
  answers = {
    applications: { status: 200, data: page('applications', [application(1), application(2)]) },
    verify: { status: 200, data: proved },
  };
});

describe('confirm e-mail banner', () => {
  it('names the one business applied to, with the code field and Resend', async () => {
    start();
    expect(
      await screen.findByRole('heading', { name: 'Confirm your e-mail so Acme Ltd can reach you' }),
    ).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByLabelText('Verification code')).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.getByRole('button', { name: 'Resend' })).toBeEnabled();
  });

  it('says employers for several businesses or none', () => {
    expect(businessToName(['Acme Ltd', 'Bolt plc'], true)).toBe('employers');
    expect(businessToName([], true)).toBe('employers');
    expect(businessToName(['Acme Ltd'], false)).toBe('employers');
    expect(businessToName(['Acme Ltd', ' Acme Ltd '], true)).toBe('Acme Ltd');
  });

  it('shows nothing for a proved address', async () => {
    start({ ...signedInUser, accessToken: tokenExpiringIn(900, { email_verified: true }) });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('heading', { name: /Confirm your e-mail/ })).toBeNull();
    expect(screen.queryByLabelText('Verification code')).toBeNull();
  });

  it('asks for a code before any call, and says a wrong one is invalid', async () => {
    answers.verify = { status: 401, data: { ...signedInUser, id: -1, success: false, accessToken: null } };
    const user = userEvent.setup();
    start();
    await user.click(await screen.findByRole('button', { name: 'Confirm email' }));
    expect(await screen.findByText('Please enter verification code')).toBeInTheDocument();
    expect(network.called('POST', '/api/account/verify-code')).toEqual([]);
    await user.type(screen.getByLabelText('Verification code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm email' }));
    expect(await screen.findByText('Invalid verification code.')).toBeInTheDocument();
    expect(screen.getByLabelText('Verification code')).toHaveFocus();
  });

  it('a right code keeps the new session, tells the candidate service, and goes with focus moved and a polite message', async () => {
    const user = userEvent.setup();
    start();
    await user.type(await screen.findByLabelText('Verification code'), ' 123456 ');
    await user.click(screen.getByRole('button', { name: 'Confirm email' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your email address is confirmed. Acme Ltd can now reach you.',
    );
    expect(screen.queryByRole('heading', { name: /Confirm your e-mail/ })).toBeNull();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Job Applications' })).toHaveFocus());
    expect(network.called('POST', '/api/account/verify-code')[0]?.data).toMatchObject({
      email: 'ada@example.com',
      code: '123456',
    });
    expect(authStore.get()).toMatchObject({ accessToken: proved.accessToken, refreshToken: 'new' });
    // GET /candidate with the new token: the candidate service takes the proof from its claim.
    await waitFor(() => expect(network.called('GET', '/candidate')).toHaveLength(1));
    expect(network.called('GET', '/candidate')[0]?.authorization).toBe(`Bearer ${proved.accessToken}`);
  });

  it('Resend starts disabled with its countdown when a code went out moments ago', async () => {
    noteResendWait('ada@example.com', 45);
    start();
    const resend = await screen.findByRole('button', { name: 'Resend' });
    expect(resend).toBeDisabled();
    expect(screen.getByText(/You can ask for a new code in (4\d) seconds\./)).toBeInTheDocument();
  });
});
