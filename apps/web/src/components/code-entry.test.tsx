import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { sendVerificationCode } from '../lib/api/identity/send-verification-code';
import { resendWaitLeft } from '../lib/resend-clock';
import { fakeNetwork, problem } from '../testing/fake-services';
import type { AdapterReply } from '../testing/mock-adapter';
import { CodeEntry, useCodeResend, type SendOutcome } from './code-entry';

vi.mock('../lib/toast', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
const toast = await import('../lib/toast');

const EMAIL = 'ada@example.com';
let sendAnswer: AdapterReply;
let network: ReturnType<typeof fakeNetwork>;
let outcomes: SendOutcome[];

/** A code step as the pages use it: the hook with the real send call, the component, and a check that refuses. */
function CodeStep({ initialWait = 0, refusal = 'Invalid verification code.' }) {
  const resend = useCodeResend(EMAIL, () => sendVerificationCode(EMAIL), initialWait);
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setFailure(refusal);
      }}
    >
      <CodeEntry
        resend={{ ...resend, send: () => resend.send().then((outcome) => (outcomes.push(outcome), outcome)) }}
        field={{ name: 'code', value: code, onChange: (event) => setCode(event.currentTarget.value) }}
        error={code === 'x' ? 'Please enter verification code' : undefined}
        failure={failure}
        onFailureClose={() => setFailure(null)}
      />
      <button type="submit">Sign In</button>
    </form>
  );
}

const resendButton = () => screen.getByRole('button', { name: 'Resend' });
/**
 * Presses Resend and waits (on the real clock; only the countdown's is fake) until the send has answered,
 * inside act(), so that the effects the answer causes (the countdown's timer) have run when it returns.
 */
async function pressResend() {
  const before = outcomes.length;
  await act(async () => {
    fireEvent.click(resendButton());
    for (let tries = 0; tries < 200 && outcomes.length === before; tries += 1)
      await new Promise((resolve) => setTimeout(resolve, 10));
  });
  expect(outcomes.length, 'the send answered').toBe(before + 1);
}
const countdown = () => document.querySelector('.code-entry__wait')?.textContent ?? '';

beforeEach(() => {
  sessionStorage.clear();
  outcomes = [];
  sendAnswer = { status: 200 };
  network = fakeNetwork(({ method, url }) =>
    method === 'POST' && url === '/api/account/send-verification-code' ? sendAnswer : undefined,
  );
  // Only the countdown's clock is faked: the (fake) network's promises run as usual.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('code entry', () => {
  it("is SPEC's code field: label, placeholder, one-time-code autofill, a digits keyboard", () => {
    render(<CodeStep />);
    const field = screen.getByLabelText('Verification code');
    expect(field).toHaveAttribute('placeholder', 'Paste verification code');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(resendButton()).toBeEnabled();
    expect(countdown()).toBe('');
  });

  it("counts down from the send's Retry-After, second by second, then offers Resend again", async () => {
    sendAnswer = { status: 200, headers: { 'Retry-After': '30' } };
    render(<CodeStep />);
    await pressResend();
    expect(toast.notifySuccess).toHaveBeenCalledWith('Verification code is sent successfully.');
    expect(outcomes).toEqual(['sent']);
    expect(network.called('POST', '/api/account/send-verification-code').map((request) => request.data)).toEqual([
      { email: EMAIL },
    ]);
    expect(resendButton()).toBeDisabled();
    expect(countdown()).toBe('You can ask for a new code in 30 seconds.');
    // Another page's Resend in this tab waits as well (decision 0292).
    expect(resendWaitLeft(EMAIL)).toBe(30);

    act(() => vi.advanceTimersByTime(10_000));
    expect(countdown()).toBe('You can ask for a new code in 20 seconds.');
    expect(resendButton()).toBeDisabled();
    act(() => vi.advanceTimersByTime(20_000));
    expect(countdown()).toBe('');
    expect(resendButton()).toBeEnabled();
  });

  it('announces once, politely, when Resend comes back, while the visible countdown is hidden from screen readers', async () => {
    sendAnswer = { status: 200, headers: { 'Retry-After': '60' } };
    render(<CodeStep />);
    await pressResend();
    expect(resendButton()).toBeDisabled();
    expect(document.querySelector('.code-entry__wait')).toHaveAttribute('aria-hidden', 'true');
    const live = document.querySelector('.code-entry [aria-live="polite"]:not(.text-input__error)');
    const announced = live?.textContent;
    expect(announced).toMatch(/^You can ask for a new code at .+\.$/);
    act(() => vi.advanceTimersByTime(5_000));
    expect(live?.textContent).toBe(announced);
  });

  it("starts waiting with the first send's wait, or one another page noted, instead of being refused first", () => {
    render(<CodeStep initialWait={45} />);
    expect(resendButton()).toBeDisabled();
    expect(countdown()).toBe('You can ask for a new code in 45 seconds.');
    expect(network.requests).toEqual([]);
  });

  it('a 429 starts the countdown from its own Retry-After and says a code went out moments ago', async () => {
    sendAnswer = problem(429, {}, { 'Retry-After': '42' });
    render(<CodeStep />);
    await pressResend();
    expect(toast.notifyError).toHaveBeenCalledWith(
      'A code was sent moments ago. You can ask for a new one in 42 seconds.',
    );
    expect(outcomes).toEqual(['wait']);
    expect(toast.notifySuccess).not.toHaveBeenCalled();
    expect(resendButton()).toBeDisabled();
    expect(countdown()).toBe('You can ask for a new code in 42 seconds.');
    act(() => vi.advanceTimersByTime(42_000));
    expect(resendButton()).toBeEnabled();
  });

  it("another refusal says SPEC's 'Error in sending verification code.' and leaves Resend usable", async () => {
    sendAnswer = problem(400);
    render(<CodeStep />);
    await pressResend();
    expect(toast.notifyError).toHaveBeenCalledWith('Error in sending verification code.');
    expect(outcomes).toEqual(['failed']);
    expect(resendButton()).toBeEnabled();
    expect(countdown()).toBe('');
  });

  it('says a refused code in an alert and puts the focus back in the field', async () => {
    render(<CodeStep />);
    const field = screen.getByLabelText('Verification code');
    fireEvent.input(field, { target: { value: '000000' } });
    const submit = screen.getByRole('button', { name: 'Sign In' });
    submit.focus();
    fireEvent.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid verification code.');
    expect(field).toHaveFocus();
  });

  it("shows the field's own message under it, tied to it", () => {
    render(<CodeStep />);
    const field = screen.getByLabelText('Verification code');
    fireEvent.input(field, { target: { value: 'x' } });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Please enter verification code');
  });
});
