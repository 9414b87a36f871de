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
});
