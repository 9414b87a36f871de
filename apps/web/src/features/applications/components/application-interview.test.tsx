import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Interview } from '@careers/contracts/interviews';
import { application } from '../../../testing/candidate-fixtures';
import { fakeServices, problem } from '../../../testing/fake-services';
import { renderPage } from '../../../testing/render';
import { ownTimeZone, slotInBothZones } from '../../../lib/interview-times';
import { ApplicationInterview, InterviewProgressStep } from './application-interview';

const one = application(1);
const base = `/job-applications/${one.id}/interview`;
const slot = (startsAt: string, endsAt: string) => ({ startsAt, endsAt });
const invited: Interview = {
  id: '7f1e6c2a-4d3f-4a5b-8c7d-9e0f1a2b3c4d',
  applicationId: one.id,
  status: 'invited',
  interviewerName: 'Ivy Interviewer',
  timeZone: 'America/New_York',
  slotMinutes: 45,
  startsAt: null,
  endsAt: null,
  locationKind: 'video',
  location: 'https://meet.example.test/abc',
  cancelledBy: null,
  slots: [
    slot('2027-03-23T13:00:00.000Z', '2027-03-23T13:45:00.000Z'),
    slot('2027-03-23T14:00:00.000Z', '2027-03-23T14:45:00.000Z'),
    slot('2027-03-24T13:00:00.000Z', '2027-03-24T13:45:00.000Z'),
  ],
};

describe("an application's interview", () => {
  it('shows nothing before an invitation', async () => {
    const network = fakeServices((request) =>
      request.url === base ? { status: 200, data: { interview: null } } : undefined,
    );
    const { container } = renderPage(<ApplicationInterview application={one} />);
    await waitFor(() => expect(network.called('GET', base)).toHaveLength(1));
    await waitFor(() => expect(container.querySelector('section')).toBeNull());
  });

  it(
    'lets the candidate choose a time by keyboard, in both zones; a time just taken is said and the rest offered',
    { timeout: 15_000 },
    async () => {
      let current: Interview = invited;
      let taken = true;
      const network = fakeServices((request) => {
        if (request.url === base && request.method === 'GET') return { status: 200, data: { interview: current } };
        if (request.url === `${base}/booking` && request.method === 'PUT') {
          const { startsAt } = (typeof request.data === 'string' ? JSON.parse(request.data) : request.data) as {
            startsAt: string;
          };
          if (taken) {
            taken = false;
            current = { ...current, slots: current.slots.filter((s) => s.startsAt !== startsAt) };
            return problem(409, {
              detail: 'This time is no longer open: someone else may just have booked it. Choose another time.',
            });
          }
          const chosen = current.slots.find((s) => s.startsAt === startsAt)!;
          current = { ...current, status: 'booked', startsAt, endsAt: chosen.endsAt };
          return { status: 200, data: { interview: current } };
        }
        return undefined;
      });
      const user = userEvent.setup();
      renderPage(<ApplicationInterview application={one} />);
      const section = await screen.findByRole('region', { name: 'Interview' });
      expect(within(section).getByText(/invites you to an interview with Ivy Interviewer/)).toBeInTheDocument();
      // Each time is named in the reader's zone and the interviewer's.
      const own = ownTimeZone();
      const first = within(section).getByRole('radio', {
        name: slotInBothZones(invited.slots[0]!.startsAt, invited.slots[0]!.endsAt, own, 'America/New_York'),
      });
      expect(within(section).getAllByRole('radio')).toHaveLength(3);

      // Keyboard only: Tab into the times, an arrow to the next one, Tab to the button, Enter.
      first.focus();
      await user.keyboard('{ArrowDown}');
      const second = within(section).getAllByRole('radio')[1]!;
      expect(second).toBeChecked();
      await user.tab();
      expect(within(section).getByRole('button', { name: 'Book this time' })).toHaveFocus();
      await user.keyboard('{Enter}');
      expect(await within(section).findByText(/no longer open/)).toBeInTheDocument();
      await waitFor(() => expect(within(section).getAllByRole('radio')).toHaveLength(2));

      await user.click(within(section).getAllByRole('radio')[0]!);
      await user.click(within(section).getByRole('button', { name: 'Book this time' }));
      expect(await within(section).findByText('Your interview is booked.')).toBeInTheDocument();
      expect(within(section).getByText(/The interviewer's time \(New York\)/)).toBeInTheDocument();
      expect(within(section).getByText('Tuesday, 23 March 2027, 09:00–09:45')).toBeInTheDocument();
      // The employer's link is shown as their words, never as a link.
      expect(within(section).getByText('https://meet.example.test/abc')).toBeInTheDocument();
      expect(within(section).queryByRole('link')).toBeNull();
      expect(network.called('PUT', `${base}/booking`)).toHaveLength(2);
      // Each booking gives the zone the picker showed the times in: the e-mails say them in it too.
      for (const put of network.called('PUT', `${base}/booking`))
        expect((typeof put.data === 'string' ? JSON.parse(put.data) : put.data).timeZone).toBe(ownTimeZone());

      // The booked interview is the newest step of the application's progress.
      renderPage(
        <ol>
          <InterviewProgressStep applicationId={one.id} />
        </ol>,
      );
      expect(await screen.findByText('Interview booked')).toBeInTheDocument();
    },
  );
});
