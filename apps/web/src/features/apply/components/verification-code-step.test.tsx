import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fakeNetwork, fakeServices, problem } from '../../../testing/fake-services';
import type { AdapterReply } from '../../../testing/mock-adapter';
import { tokenExpiringIn } from '../../../testing/make-jwt';
import VerificationStep from './verification-code-step';

/** The identity service answering 'Resend' (POST /api/account/send-verification-code) with `answer`. */
function sendCodeAnswers(answer: AdapterReply) {
  return fakeNetwork(({ method, url }) =>
    method === 'POST' && url === '/api/account/send-verification-code' ? answer : undefined,
  );
}

vi.mock('../../../lib/toast', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
const toast = await import('../../../lib/toast');

function renderStep(props: Partial<Parameters<typeof VerificationStep>[0]> = {}) {
  const onSubmit = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <VerificationStep
        headingRef={{ current: null }}
        email="ada@example.com"
        existingAccountNotice={false}
        initialResendWait={0}
        busy={false}
        alert={null}
        onAlertChange={() => {}}
        onSubmit={onSubmit}
        {...props}
      />
    </QueryClientProvider>,
  );
  return { onSubmit };
}

describe('verification step', () => {
  it('offers "Wrong address? Change it" to a new account only', () => {
    renderStep({ existingAccountNotice: true });
    expect(screen.queryByRole('button', { name: 'Wrong address? Change it' })).toBeNull();
  });

  it(
    '"Wrong address? Change it": a validated e-mail field, a clear refusal, then the new address and a fresh code',
    { timeout: 30_000 },
    async () => {
      const network = fakeServices(({ method, url, data }) => {
        if (method !== 'PUT' || url !== '/api/user/unproven-email') return undefined;
        const { email } = data as { email: string };
        if (email === 'taken@example.com')
          return {
            status: 400,
            data: { succeeded: false, errors: ['Email address is already in use.'], email: null, accessToken: null },
          };
        return { status: 200, data: { succeeded: true, errors: [], email, accessToken: tokenExpiringIn(900) } };
      });
      const onAddressChanged = vi.fn();
      const user = userEvent.setup();
      renderStep({ onAddressChanged });
      await user.click(screen.getByRole('button', { name: 'Wrong address? Change it' }));
      // The form is loaded on demand (a dynamic import), which can take a moment on a busy machine.
      const field = await screen.findByLabelText('Your email address', {}, { timeout: 20_000 });
      expect(field).toHaveValue('ada@example.com');
      await user.clear(field);
      await user.type(field, 'not an address');
      await user.click(screen.getByRole('button', { name: 'Change address' }));
      expect(await screen.findByText('Email is not valid.')).toBeInTheDocument();
      expect(network.called('PUT', '/api/user/unproven-email')).toHaveLength(0);

      await user.clear(field);
      await user.type(field, 'taken@example.com');
      await user.click(screen.getByRole('button', { name: 'Change address' }));
      expect(await screen.findByText('Email address is already in use.')).toBeInTheDocument();
      // What the candidate typed stays.
      expect(screen.getByLabelText('Your email address')).toHaveValue('taken@example.com');
      expect(onAddressChanged).not.toHaveBeenCalled();

      await user.clear(field);
      await user.type(field, 'ada@gmail.com');
      await user.click(screen.getByRole('button', { name: 'Change address' }));
      expect(
        await screen.findByText('Your address is now ada@gmail.com. Enter the new code sent there.'),
      ).toBeInTheDocument();
      expect(onAddressChanged).toHaveBeenCalledWith('ada@gmail.com');
      expect(network.called('PUT', '/api/user/unproven-email').map((request) => request.data)).toEqual([
        { email: 'taken@example.com' },
        { email: 'ada@gmail.com' },
      ]);
      expect(screen.getByLabelText('Verification code')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Resend' })).toBeDisabled();
    },
  );

  it('shows the existing-account notice', () => {
    renderStep({ existingAccountNotice: true });
    expect(screen.getByText('You already have an account with us.')).toBeInTheDocument();
    expect(screen.getByText(/choose the CV for this application in the next step/)).toBeInTheDocument();
  });

  it('asks for the code before submitting, then sends it trimmed', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderStep();
    const code = screen.getByLabelText('Verification code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Please enter verification code')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(code, ' 123456 ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(onSubmit).toHaveBeenCalledWith('123456');
  });

  it('Resend toasts success', async () => {
    const network = sendCodeAnswers({ status: 200 });
    const user = userEvent.setup();
    renderStep();
    await user.click(screen.getByRole('button', { name: 'Resend' }));
    await vi.waitFor(() => expect(toast.notifySuccess).toHaveBeenCalledWith('Verification code is sent successfully.'));
    expect(network.called('POST', '/api/account/send-verification-code').map((request) => request.data)).toEqual([
      { email: 'ada@example.com' },
    ]);
  });

  it("a new account's Resend names the job its application waits for", async () => {
    const network = sendCodeAnswers({ status: 200 });
    const user = userEvent.setup();
    const jobId = '0b8e3c1f-8a55-4a43-9a43-0d9d2f0c1b11';
    renderStep({ finishesJobId: jobId });
    await user.click(screen.getByRole('button', { name: 'Resend' }));
    await vi.waitFor(() =>
      expect(network.called('POST', '/api/account/send-verification-code').map((request) => request.data)).toEqual([
        { email: 'ada@example.com', jobId },
      ]),
    );
  });

  it('a Resend that sent a code waits as long as the service says before the next', async () => {
    sendCodeAnswers({ status: 200, headers: { 'Retry-After': '60' } });
    const user = userEvent.setup();
    renderStep();
    await user.click(screen.getByRole('button', { name: 'Resend' }));
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Resend' })).toBeDisabled());
    expect(await screen.findByText(/You can ask for a new code in (5\d|60) seconds\./)).toBeInTheDocument();
  });

  it('a rate-limited Resend says a code went out moments ago and when the next may go', async () => {
    sendCodeAnswers(problem(429, {}, { 'Retry-After': '42' }));
    const user = userEvent.setup();
    renderStep();
    await user.click(screen.getByRole('button', { name: 'Resend' }));
    await vi.waitFor(() =>
      expect(toast.notifyError).toHaveBeenCalledWith(
        'A code was sent moments ago. You can ask for a new one in 42 seconds.',
      ),
    );
    expect(await screen.findByText(/You can ask for a new code in (3\d|4[0-2]) seconds\./)).toBeInTheDocument();
    expect(screen.getByText(/You can ask for a new code at /)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend' })).toBeDisabled();
  });

  it('starts waiting when the first send was rate limited', () => {
    renderStep({ initialResendWait: 30 });
    expect(screen.getByRole('button', { name: 'Resend' })).toBeDisabled();
  });
});
