import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_EMPLOYER_NOTIFICATIONS } from '@careers/contracts/employer-notifications';
import { NotificationSettingsForm, SAVED } from './notification-settings';

describe('the member’s email choices (docs/decisions/0497)', () => {
  it('shows one labelled radio group per kind with the saved choice, saves the changes and focuses the confirmation', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    render(<NotificationSettingsForm initial={DEFAULT_EMPLOYER_NOTIFICATIONS} onSave={onSave} />);
    const applications = screen.getByRole('group', { name: 'A new application' });
    expect(within(applications).getByRole('radio', { name: 'In my daily digest' })).toBeChecked();
    const withdrawals = screen.getByRole('group', { name: 'A candidate withdraws an application' });
    expect(within(withdrawals).getByRole('radio', { name: 'An email at once' })).toBeChecked();
    expect(screen.getAllByRole('group')).toHaveLength(4);

    fireEvent.click(within(applications).getByRole('radio', { name: 'An email at once' }));
    fireEvent.click(within(withdrawals).getByRole('radio', { name: 'No email' }));
    expect(screen.queryByText(SAVED)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save email choices' }));

    expect(onSave).toHaveBeenCalledWith({
      ...DEFAULT_EMPLOYER_NOTIFICATIONS,
      newApplication: 'instant',
      withdrawal: 'off',
    });
    const saved = await screen.findByRole('status');
    expect(saved).toHaveTextContent(SAVED);
    await waitFor(() => expect(saved).toHaveFocus());
  });

  it('says nothing is saved when the save fails', async () => {
    const onSave = vi.fn(() => Promise.reject(new Error('offline')));
    render(<NotificationSettingsForm initial={DEFAULT_EMPLOYER_NOTIFICATIONS} onSave={onSave} error="Network Error" />);
    fireEvent.click(screen.getByRole('button', { name: 'Save email choices' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(screen.queryByText(SAVED)).toBeNull();
    expect(screen.getByText('Network Error')).toBeInTheDocument();
  });
});
