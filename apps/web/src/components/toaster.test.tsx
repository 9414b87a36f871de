import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Toaster } from './toaster';
import { notifyError, notifySuccess } from '../lib/toast';

describe('Toaster', () => {
  it('loads with the first toast and shows toasts made before it was ready', async () => {
    const { container } = render(<Toaster />);
    expect(container).toBeEmptyDOMElement();
    notifyError('The server is unreachable.');
    notifySuccess('Saved.');
    expect(await screen.findByText('The server is unreachable.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
  });

  it('keeps its toasts below the top bar, on a phone too, so they never cover its menu or Log out', async () => {
    render(<Toaster />);
    notifySuccess('Saved.');
    await screen.findByText('Saved.');
    const region = document.querySelector<HTMLElement>('[data-sonner-toaster]');
    expect(region?.style.getPropertyValue('--offset-top')).toBe('calc(var(--top-bar-height) + 0.75rem)');
    expect(region?.style.getPropertyValue('--mobile-offset-top')).toBe('calc(var(--top-bar-height) + 0.5rem)');
  });
});
