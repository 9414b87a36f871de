import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fakeNetwork, problem } from '../../../testing/fake-services';
import type { AdapterReply } from '../../../testing/mock-adapter';
import { VerificationStep } from './verification-step';

/** The identity service answering 'Resend' (POST /api/account/send-verification-code) with `answer`. */
function sendCodeAnswers(answer: AdapterReply) {
  return fakeNetwork(({ method, url }) => (method === 'POST' && url === '/api/account/send-verification-code' ? answer : undefined));
}

vi.mock('../../../lib/toast', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
const toast = await import('../../../lib/toast');

function renderStep(props: Partial<Parameters<typeof VerificationStep>[0]> = {}) {
  const onSubmit = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <VerificationStep headingRef={null} email="ada@example.com" existingAccountNotice={false} initialResendWait={0} busy={false} alert={null} onAlertChange={() => {}} onSubmit={onSubmit} {...props} />
    </QueryClientProvider>,
  );
  return { onSubmit };
}

describe('verification step', () => {
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
    expect(network.called('POST', '/api/account/send-verification-code').map((request) => request.data)).toEqual([{ email: 'ada@example.com' }]);
  });

  it('a rate-limited Resend toasts the failure and says when it is available again', async () => {
    sendCodeAnswers(problem(429, {}, { 'Retry-After': '42' }));
    const user = userEvent.setup();
    renderStep();
    await user.click(screen.getByRole('button', { name: 'Resend' }));
    await vi.waitFor(() => expect(toast.notifyError).toHaveBeenCalledWith('Error in sending verification code.'));
    expect(await screen.findByText(/You can ask for a new code in 4[12] s\./)).toBeInTheDocument();
    expect(screen.getByText(/You can ask for a new code at /)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend' })).toBeDisabled();
  });

  it('starts waiting when the first send was rate limited', () => {
    renderStep({ initialResendWait: 30 });
    expect(screen.getByRole('button', { name: 'Resend' })).toBeDisabled();
  });
});
