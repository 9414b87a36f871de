import { describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InterviewSlotPicker } from './interview-slot-picker';

const slot = (startsAt: string, minutes = 45) => ({
  startsAt,
  endsAt: new Date(Date.parse(startsAt) + minutes * 60_000).toISOString(),
});
// Tuesday and Wednesday, 23-24 March 2027: London is on GMT, New York already on EDT (four hours behind).
const slots = [slot('2027-03-23T09:00:00.000Z'), slot('2027-03-23T10:00:00.000Z'), slot('2027-03-24T09:00:00.000Z')];

function picker(ownZone: string, interviewerZone: string, onChoose = vi.fn()) {
  render(
    <InterviewSlotPicker
      slots={slots}
      ownZone={ownZone}
      interviewerZone={interviewerZone}
      submitLabel="Book this time"
      busy={false}
      onChoose={onChoose}
    />,
  );
  return onChoose;
}

describe('the interview slot picker', () => {
  it('groups the times under a legend per day, and the arrow keys go on from one day to the next', async () => {
    const onChoose = picker('Europe/London', 'Europe/London');
    const tuesday = screen.getByRole('group', { name: 'Tuesday, 23 March 2027' });
    const wednesday = screen.getByRole('group', { name: 'Wednesday, 24 March 2027' });
    // The day's name is the fieldset's own legend, read by everyone, not a label only a screen reader hears.
    expect(tuesday.tagName).toBe('FIELDSET');
    expect(within(tuesday).getByText('Tuesday, 23 March 2027').tagName).toBe('LEGEND');
    expect(within(tuesday).getAllByRole('radio')).toHaveLength(2);
    expect(within(wednesday).getAllByRole('radio')).toHaveLength(1);

    const user = userEvent.setup();
    within(tuesday).getAllByRole('radio')[0]!.focus();
    await user.keyboard(' ');
    expect(within(tuesday).getAllByRole('radio')[0]).toBeChecked();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(within(wednesday).getByRole('radio')).toBeChecked();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Book this time' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onChoose).toHaveBeenCalledWith('2027-03-24T09:00:00.000Z');
  });

  it('shows a time once where both clocks agree', () => {
    picker('Europe/London', 'Europe/London');
    const tuesday = screen.getByRole('group', { name: 'Tuesday, 23 March 2027' });
    expect(
      within(tuesday)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['09:00–09:45', '10:00–10:45']);
    expect(
      screen.getByRole('radio', {
        name: "Tuesday, 23 March 2027, 09:00–09:45 (London), your time and the interviewer's",
      }),
    ).toBeInTheDocument();
    expect(screen.getByText("Open times (London time, yours and the interviewer's)")).toBeInTheDocument();
    // Two zones at the same offset that day read alike too: each time once.
    cleanup();
    picker('Europe/Lisbon', 'Europe/London');
    expect(screen.getAllByText('09:00–09:45')).toHaveLength(2);
    expect(screen.queryByText(/London/)).toBeNull();
  });

  it('shows the interviewer’s time beside the reader’s where the clocks differ', () => {
    picker('Europe/London', 'America/New_York');
    const tuesday = screen.getByRole('group', { name: 'Tuesday, 23 March 2027' });
    expect(within(tuesday).getAllByRole('listitem')[0]).toHaveTextContent('09:00–09:4505:00–05:45 New York');
    expect(
      screen.getByRole('radio', {
        name: 'Tuesday, 23 March 2027, 09:00–09:45 your time (London); 05:00–05:45 for the interviewer (New York)',
      }),
    ).toBeInTheDocument();
  });
});
