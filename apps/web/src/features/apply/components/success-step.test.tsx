import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { authStore } from '../../../lib/auth-store';
import { candidate } from '../../../testing/candidate-fixtures';
import { fakeServices } from '../../../testing/fake-services';
import { SUCCESS_REDIRECT_SECONDS, SuccessStep } from './success-step';

function renderStep() {
  const onContinue = vi.fn();
  const onLogout = vi.fn();
  const view = render(
    <SuccessStep headingRef={null} businessName="Acme" jobIsLive onContinue={onContinue} onLogout={onLogout} />,
  );
  return { onContinue, onLogout, ...view };
}

describe('apply success step', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps its texts and announces the redirect', () => {
    renderStep();
    expect(screen.getByRole('heading', { name: 'Thank you!' })).toBeInTheDocument();
    expect(screen.getByText('You will be redirected to your candidate dashboard.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(`Redirecting in ${SUCCESS_REDIRECT_SECONDS} seconds.`);
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
  });

  it('goes on to the dashboard by itself after the countdown, once', () => {
    const { onContinue } = renderStep();
    act(() => {
      vi.advanceTimersByTime((SUCCESS_REDIRECT_SECONDS - 1) * 1000);
    });
    expect(onContinue).not.toHaveBeenCalled();
    expect(screen.getByText('Redirecting in 1 s…')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(onContinue).toHaveBeenCalledTimes(1);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(onContinue).toHaveBeenCalledTimes(1);
  });

  it('Continue goes at once and stops the countdown', () => {
    const { onContinue } = renderStep();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onContinue).toHaveBeenCalledTimes(1);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(onContinue).toHaveBeenCalledTimes(1);
  });

  it('leaving the step stops the countdown', () => {
    const { onContinue, unmount } = renderStep();
    unmount();
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(onContinue).not.toHaveBeenCalled();
  });
});

describe('apply success step: the details an existing candidate typed on the form', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function renderWithTyped(typedDetails: { name: string; phone: string; postCode: string }) {
    const onContinue = vi.fn();
    render(
      <SuccessStep
        headingRef={null}
        businessName="Acme"
        jobIsLive
        onContinue={onContinue}
        onLogout={vi.fn()}
        typedDetails={typedDetails}
      />,
    );
    return { onContinue };
  }

  it('offers to put the differing details on the profile, waits for the answer, and changes nothing without the press', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fake = fakeServices((request) => {
      if (request.method === 'GET' && request.url === '/candidate') return { status: 200, data: candidate };
      if (request.method === 'PUT') return { status: 200, data: { succeeded: true, errors: [] } };
      return undefined;
    });
    const { onContinue } = renderWithTyped({ name: ' Ada  Lovelace ', phone: '07700 900123', postCode: 'sw1a1aa' });
    const offer = await screen.findByRole('region', { name: 'Update your profile with these details?' });
    // Only the phone differs: spaces and a post code's case are no difference.
    expect(within(offer).getByText('Phone number')).toBeInTheDocument();
    expect(within(offer).getByText('07700 900123')).toBeInTheDocument();
    expect(within(offer).getByText('(profile: 01234 567890)')).toBeInTheDocument();
    expect(within(offer).queryByText('Name')).not.toBeInTheDocument();
    expect(within(offer).queryByText('Post code')).not.toBeInTheDocument();
    expect(screen.queryByText(/Redirecting in/)).not.toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(onContinue).not.toHaveBeenCalled();
    expect(fake.requests.filter((request) => request.method === 'PUT')).toEqual([]);

    fireEvent.click(within(offer).getByRole('button', { name: 'Update my profile' }));
    expect(await screen.findByText('Your profile has been updated.')).toBeInTheDocument();
    expect(fake.called('PUT', '/candidate')[0]?.data).toEqual({
      id: candidate.id,
      name: candidate.name,
      phoneNumber: '07700 900123',
      postcode: candidate.postcode,
    });
    expect(fake.called('PUT', '/api/user')[0]?.data).toEqual({ name: candidate.name, phone: '07700 900123' });
    expect(authStore.get().phone).toBe('07700 900123');
    // Answered: the count runs again and goes on to the dashboard.
    expect(await screen.findByText(/Redirecting in \d s…/)).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SUCCESS_REDIRECT_SECONDS * 1000);
    });
    expect(onContinue).toHaveBeenCalledTimes(1);
  });

  it('offers nothing and counts down as usual when the details match the profile', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fake = fakeServices((request) =>
      request.method === 'GET' && request.url === '/candidate' ? { status: 200, data: candidate } : undefined,
    );
    const { onContinue } = renderWithTyped({
      name: candidate.name,
      phone: candidate.phoneNumber,
      postCode: 'SW1A 1AA',
    });
    await waitFor(() => expect(fake.called('GET', '/candidate')).toHaveLength(1));
    expect(await screen.findByText(/Redirecting in \d s…/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Update your profile with these details?' })).not.toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SUCCESS_REDIRECT_SECONDS * 1000);
    });
    expect(onContinue).toHaveBeenCalledTimes(1);
  });
});
