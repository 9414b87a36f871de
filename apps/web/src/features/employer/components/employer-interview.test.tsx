import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Availability, Interview } from '@careers/contracts/interviews';
import { fakeServices } from '../../../testing/fake-services';
import { renderPage } from '../../../testing/render';
import { EmployerInterview } from './employer-interview';
import { InterviewAvailabilityPage } from './interview-availability-page';
import { PipelineInterview } from './pipeline-interview';

const applicationId = '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d';
const base = `/business/applications/${applicationId}/interview`;
const dataOf = (data: unknown) => (typeof data === 'string' ? JSON.parse(data) : data) as Record<string, unknown>;

describe('interviews in the console', () => {
  it(
    'saves the member’s hours, days off and video link, and makes and removes the calendar address',
    { timeout: 20_000 },
    async () => {
      let saved: Availability | null = null;
      let feed = { url: null as string | null, active: false, createdOn: null as string | null };
      const network = fakeServices((request) => {
        if (request.url === '/business/interviews/availability' && request.method === 'GET')
          return { status: 200, data: { availability: saved } };
        if (request.url === '/business/interviews/availability' && request.method === 'PUT') {
          saved = dataOf(request.data) as unknown as Availability;
          return { status: 200, data: { availability: saved } };
        }
        if (request.url === '/business/interviews/feed') {
          if (request.method === 'POST')
            feed = {
              url: 'http://api.test/interview-feeds/abc.ics',
              active: true,
              createdOn: '2027-03-01T09:00:00.000Z',
            };
          if (request.method === 'DELETE') feed = { url: null, active: false, createdOn: null };
          return { status: 200, data: feed };
        }
        return undefined;
      });
      const user = userEvent.setup();
      renderPage(<InterviewAvailabilityPage />);
      expect(await screen.findByRole('heading', { level: 1, name: 'Interviews' })).toBeInTheDocument();
      const zone = await screen.findByLabelText('Your time zone');
      await user.clear(zone);
      await user.type(zone, 'Europe/London');
      await user.click(screen.getByRole('checkbox', { name: 'Friday' }));
      // Days off: a run of days with a name, and a single day; a run that ends before it starts is refused.
      const daysOff = screen.getByRole('group', { name: 'Days off and public holidays' });
      await user.type(within(daysOff).getByLabelText('First day off'), '2027-04-05');
      await user.type(within(daysOff).getByLabelText('Last day off (optional)'), '2027-04-02');
      await user.click(within(daysOff).getByRole('button', { name: 'Add the days off' }));
      expect(within(daysOff).getByLabelText('Last day off (optional)')).toHaveAccessibleDescription(
        /The last day off is on or after the first\./,
      );
      await user.clear(within(daysOff).getByLabelText('First day off'));
      await user.type(within(daysOff).getByLabelText('First day off'), '2027-04-02');
      await user.clear(within(daysOff).getByLabelText('Last day off (optional)'));
      await user.type(within(daysOff).getByLabelText('Last day off (optional)'), '2027-04-05');
      await user.type(within(daysOff).getByLabelText('Name (optional)'), 'Easter');
      await user.click(within(daysOff).getByRole('button', { name: 'Add the days off' }));
      await user.type(within(daysOff).getByLabelText('First day off'), '2027-05-03');
      await user.click(within(daysOff).getByRole('button', { name: 'Add the days off' }));
      expect(within(daysOff).getByRole('list', { name: 'Your days off' })).toHaveTextContent(
        '2 Apr 2027 to 5 Apr 2027, Easter',
      );
      await user.click(within(daysOff).getByRole('button', { name: 'Remove 3 May 2027' }));
      await user.type(within(daysOff).getByLabelText('First day off'), '2027-05-31');
      await user.click(within(daysOff).getByRole('button', { name: 'Add the days off' }));
      await user.type(screen.getByLabelText('Video link'), 'https://meet.example.test/room');
      await user.click(screen.getByRole('button', { name: 'Save your times' }));
      await waitFor(() => expect(network.called('PUT', '/business/interviews/availability')).toHaveLength(1));
      expect(saved).toMatchObject({
        timeZone: 'Europe/London',
        slotMinutes: 45,
        bufferMinutes: 15,
        weekly: [1, 2, 3, 4].map((day) => ({ day, from: '09:00', to: '17:00' })),
        exceptions: [],
        datesOff: [
          { from: '2027-04-02', to: '2027-04-05', name: 'Easter' },
          { from: '2027-05-31', to: '2027-05-31' },
        ],
        locationKind: 'video',
        location: 'https://meet.example.test/room',
      });

      const feedSection = screen.getByRole('region', { name: 'Your interviews in your own calendar' });
      await user.click(within(feedSection).getByRole('button', { name: 'Make a calendar address' }));
      expect(
        await within(feedSection).findByDisplayValue('http://api.test/interview-feeds/abc.ics'),
      ).toBeInTheDocument();
      await user.click(within(feedSection).getByRole('button', { name: 'Remove the address' }));
      expect(await within(feedSection).findByText('You have no calendar address.')).toBeInTheDocument();
    },
  );

  it('keeps every range of a day: a split day loads as two, a third is added and one removed, all saved', async () => {
    let saved: Availability = {
      timeZone: 'Europe/London',
      slotMinutes: 30,
      bufferMinutes: 0,
      weekly: [
        { day: 2, from: '14:00', to: '17:00' },
        { day: 1, from: '09:00', to: '17:00' },
        { day: 2, from: '09:00', to: '12:00' },
      ],
      exceptions: [],
      locationKind: 'phone',
      location: '0113 496 0000',
    };
    const network = fakeServices((request) => {
      if (request.url !== '/business/interviews/availability') return undefined;
      if (request.method === 'PUT') saved = dataOf(request.data) as unknown as Availability;
      return { status: 200, data: { availability: saved } };
    });
    const user = userEvent.setup();
    renderPage(<InterviewAvailabilityPage />);
    // Tuesday's two ranges, in order, each with its own labels.
    expect(await screen.findByLabelText('Tuesday from')).toHaveValue('09:00');
    expect(screen.getByLabelText('Tuesday until')).toHaveValue('12:00');
    expect(screen.getByLabelText('Tuesday, hours 2, from')).toHaveValue('14:00');
    expect(screen.getByLabelText('Tuesday, hours 2, until')).toHaveValue('17:00');
    expect(screen.queryByLabelText('Monday, hours 2, from')).not.toBeInTheDocument();

    // Monday gets a second range after its first; Tuesday loses its second.
    await user.click(screen.getByRole('button', { name: 'Add hours on Monday' }));
    expect(screen.getByLabelText('Monday, hours 2, from')).toHaveValue('18:00');
    expect(screen.getByLabelText('Monday, hours 2, until')).toHaveValue('20:00');
    await user.click(screen.getByRole('button', { name: "Remove Tuesday's hours 2" }));
    expect(screen.queryByLabelText('Tuesday, hours 2, from')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save your times' }));
    await waitFor(() => expect(network.called('PUT', '/business/interviews/availability')).toHaveLength(1));
    expect(saved.weekly).toEqual([
      { day: 1, from: '09:00', to: '17:00' },
      { day: 1, from: '18:00', to: '20:00' },
      { day: 2, from: '09:00', to: '12:00' },
    ]);
  });

  it('invites from the application and shows the booked time in both zones', async () => {
    let interview: Interview | null = null;
    fakeServices((request) => {
      if (request.url === base && request.method === 'GET') return { status: 200, data: { interview } };
      if (request.url === base && request.method === 'POST') {
        interview = {
          id: '7f1e6c2a-4d3f-4a5b-8c7d-9e0f1a2b3c4d',
          applicationId,
          status: 'booked',
          interviewerName: 'Olive Owner',
          timeZone: 'Europe/London',
          slotMinutes: 45,
          startsAt: '2027-03-29T08:00:00.000Z',
          endsAt: '2027-03-29T08:45:00.000Z',
          locationKind: 'phone',
          location: '0161 496 0000',
          cancelledBy: null,
          slots: [],
        };
        return { status: 200, data: { interview } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderPage(<EmployerInterview applicationId={applicationId} withdrawn={false} />);
    const section = await screen.findByRole('region', { name: 'Interview' });
    await user.click(await within(section).findByRole('button', { name: 'Invite to an interview' }));
    expect(await within(section).findByText(/Booked/)).toBeInTheDocument();
    expect(within(section).getByText('Monday, 29 March 2027, 09:00–09:45')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Cancel the interview' })).toBeInTheDocument();
  });

  it('shows an application’s interview on its pipeline card, one request for the whole job', async () => {
    const jobId = '9a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d';
    const network = fakeServices((request) =>
      request.url === `/business/jobs/${jobId}/interviews`
        ? {
            status: 200,
            data: {
              interviews: [
                { applicationId, status: 'booked', startsAt: '2027-03-29T08:00:00.000Z', timeZone: 'Europe/London' },
                { applicationId: 'other', status: 'invited', startsAt: null, timeZone: 'Europe/London' },
              ],
            },
          }
        : undefined,
    );
    renderPage(
      <ul>
        <li>
          <PipelineInterview jobId={jobId} applicationId={applicationId} />
        </li>
        <li>
          <PipelineInterview jobId={jobId} applicationId="other" />
        </li>
      </ul>,
    );
    expect(await screen.findByText('Invited to an interview')).toBeInTheDocument();
    expect(
      screen
        .getByText(/^Interview/)
        .querySelector('time')
        ?.getAttribute('datetime'),
    ).toBe('2027-03-29T08:00:00.000Z');
    expect(network.called('GET', `/business/jobs/${jobId}/interviews`)).toHaveLength(1);
  });
});
