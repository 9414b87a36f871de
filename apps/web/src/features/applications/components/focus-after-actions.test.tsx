import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Interview } from '@careers/contracts/interviews';
import type { MessageThread } from '@careers/contracts/messages';
import { application } from '../../../testing/candidate-fixtures';
import { fakeServices } from '../../../testing/fake-services';
import { renderPage } from '../../../testing/render';
import { ApplicationInterview } from './application-interview';
import { ApplicationMessages } from './application-messages';
import { KeepOnFileSection } from './application-reply';

/*
 * After the candidate's actions on their application's page, the focus is on what the action made
 * (docs/decisions/0541), not on the page's body, where the disabled or removed button left it.
 */

const one = application(1);
const dataOf = (data: unknown) => (typeof data === 'string' ? JSON.parse(data) : data) as Record<string, unknown>;

describe("the focus after an action on the candidate's application", () => {
  it('goes to the reply just sent, in the thread', { timeout: 15_000 }, async () => {
    const base = `/job-applications/${one.id}/messages`;
    let thread: MessageThread = {
      messages: [
        {
          id: '0b1e6c2a-4d3f-4a5b-8c7d-9e0f1a2b3c4d',
          from: 'employer',
          body: 'Can you come on Monday?',
          sentOn: '2026-03-01T09:00:00.000Z',
          readOn: '2026-03-01T09:30:00.000Z',
        },
      ],
      unread: 0,
      canWrite: true,
    };
    fakeServices(({ method, url, data }) => {
      if (url !== base) return undefined;
      if (method === 'POST')
        thread = {
          ...thread,
          messages: [
            ...thread.messages,
            {
              id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
              from: 'candidate',
              body: String(dataOf(data).body),
              sentOn: '2026-03-01T11:00:00.000Z',
              readOn: null,
            },
          ],
        };
      return { status: 200, data: thread };
    });
    const user = userEvent.setup();
    renderPage(<ApplicationMessages application={one} />);
    const section = await screen.findByRole('region', { name: 'Messages' });
    await user.type(await within(section).findByLabelText(`Your reply to ${one.business.name}`), 'Yes, at ten.');
    await user.click(within(section).getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(document.activeElement?.id).toBe('message-1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f'));
    expect(document.activeElement).toHaveTextContent('Yes, at ten.');
    expect(document.activeElement).toHaveAttribute('tabindex', '-1');
  });

  it(
    'goes to the booked time once the candidate books it, and again once they move it',
    { timeout: 15_000 },
    async () => {
      const base = `/job-applications/${one.id}/interview`;
      const slots = [
        { startsAt: '2027-03-23T13:00:00.000Z', endsAt: '2027-03-23T13:45:00.000Z' },
        { startsAt: '2027-03-24T13:00:00.000Z', endsAt: '2027-03-24T13:45:00.000Z' },
      ];
      let interview: Interview = {
        id: '7f1e6c2a-4d3f-4a5b-8c7d-9e0f1a2b3c4d',
        applicationId: one.id,
        status: 'invited',
        interviewerName: 'Ivy Interviewer',
        timeZone: 'Europe/London',
        slotMinutes: 45,
        startsAt: null,
        endsAt: null,
        locationKind: 'phone',
        location: '0161 496 0000',
        cancelledBy: null,
        slots,
      };
      fakeServices(({ method, url, data }) => {
        if (url === base && method === 'GET') return { status: 200, data: { interview } };
        if (url === `${base}/booking` && method === 'PUT') {
          const startsAt = String(dataOf(data).startsAt);
          const chosen = slots.find((slot) => slot.startsAt === startsAt)!;
          interview = { ...interview, status: 'booked', startsAt, endsAt: chosen.endsAt };
          return { status: 200, data: { interview } };
        }
        return undefined;
      });
      const user = userEvent.setup();
      renderPage(<ApplicationInterview application={one} />);
      const section = await screen.findByRole('region', { name: 'Interview' });
      await user.click((await within(section).findAllByRole('radio'))[0]!);
      await user.click(within(section).getByRole('button', { name: 'Book this time' }));
      await waitFor(() => expect(document.activeElement?.id).toBe('interview-booked'));
      expect(document.activeElement).toHaveTextContent('Your interview is booked.');
      expect(document.activeElement).toHaveTextContent('23 March 2027');

      await user.click(within(section).getByRole('button', { name: 'Change the time' }));
      await user.click(within(section).getAllByRole('radio')[1]!);
      await user.click(within(section).getByRole('button', { name: 'Move to this time' }));
      await waitFor(() => expect(document.activeElement?.id).toBe('interview-booked'));
      expect(document.activeElement).toHaveTextContent('24 March 2027');
    },
  );

  it('goes to the line that says the answer, once the candidate answers the request to keep them on file', async () => {
    const keepOnFile = { until: '2027-05-01T23:59:59.000Z', askedOn: '2026-11-20T10:00:00.000Z', answer: null };
    fakeServices(({ method, url }) =>
      method === 'PUT' && url === `/job-applications/${one.id}/keep-on-file`
        ? { status: 200, data: { ...keepOnFile, answer: 'declined' } }
        : undefined,
    );
    const user = userEvent.setup();
    renderPage(<KeepOnFileSection application={{ ...one, endingReason: null, keepOnFile }} />);
    const section = screen.getByRole('region', { name: 'Kept on file' });
    await user.click(within(section).getByRole('button', { name: 'No, tell me the outcome' }));
    await waitFor(() => expect(document.activeElement?.id).toBe('keep-on-file-answer'));
    expect(document.activeElement).toHaveTextContent('asks to keep your application on file');
  });
});
