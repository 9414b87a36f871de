import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
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
