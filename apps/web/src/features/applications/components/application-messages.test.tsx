import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Message, MessageThread } from '@careers/contracts/messages';
import { application } from '../../../testing/candidate-fixtures';
import { fakeServices } from '../../../testing/fake-services';
import { renderPage } from '../../../testing/render';
import { ApplicationMessages } from './application-messages';

const one = application(1);
const base = `/job-applications/${one.id}/messages`;
const employerMessage: Message = {
  id: '0b1e6c2a-4d3f-4a5b-8c7d-9e0f1a2b3c4d',
  from: 'employer',
  body: 'Hello <b>Ada</b>,\nvisit https://example.test tomorrow?',
  sentOn: '2026-03-01T09:00:00.000Z',
  readOn: null,
};

describe("an application's messages", () => {
  it(
    'shows the employer’s words as plain text and theirs, marks them read, and sends a reply',
    { timeout: 15_000 },
    async () => {
      let thread: MessageThread = { messages: [employerMessage], unread: 1, canWrite: true };
      const network = fakeServices((request) => {
        if (request.url === base && request.method === 'GET') return { status: 200, data: thread };
        if (request.url === `${base}/read` && request.method === 'PUT') {
          thread = { ...thread, unread: 0, messages: [{ ...employerMessage, readOn: '2026-03-01T10:00:00.000Z' }] };
          return { status: 200, data: thread };
        }
        if (request.url === base && request.method === 'POST') {
          const sent = (typeof request.data === 'string' ? JSON.parse(request.data) : request.data) as { body: string };
          const body = sent.body;
          thread = {
            ...thread,
            messages: [
              ...thread.messages,
              {
                id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
                from: 'candidate',
                body,
                sentOn: '2026-03-01T11:00:00.000Z',
                readOn: null,
              },
            ],
          };
          return { status: 200, data: thread };
        }
        return undefined;
      });
      const user = userEvent.setup();
      renderPage(<ApplicationMessages application={one} />);

      const section = await screen.findByRole('region', { name: 'Messages' });
      const item = await within(section).findByText(/Hello <b>Ada<\/b>/);
      // Escaped, never a link, line breaks kept; labelled as the business's.
      expect(item.textContent).toBe('Hello <b>Ada</b>,\nvisit https://example.test tomorrow?');
      expect(within(section).queryByRole('link')).toBeNull();
      expect(within(section).getByText(`${one.business.name} wrote`)).toBeInTheDocument();
      expect(within(section).getByText(/the employer's own words/)).toBeInTheDocument();
      await waitFor(() => expect(network.called('PUT', `${base}/read`)).toHaveLength(1));
      expect(within(section).getByText('· New')).toBeInTheDocument();

      await user.click(within(section).getByRole('button', { name: 'Send reply' }));
      expect(within(section).getByText('Write your reply first.')).toBeInTheDocument();
      await user.type(within(section).getByLabelText(`Your reply to ${one.business.name}`), 'Yes, 10am works.');
      await user.click(within(section).getByRole('button', { name: 'Send reply' }));
      expect(await within(section).findByText('Yes, 10am works.')).toBeInTheDocument();
      expect(within(section).getByText('You')).toBeInTheDocument();
      expect(network.called('POST', base)).toHaveLength(1);
    },
  );

  it('says what will happen before the employer writes, and offers no reply', async () => {
    fakeServices((request) =>
      request.url === base ? { status: 200, data: { messages: [], unread: 0, canWrite: false } } : undefined,
    );
    renderPage(<ApplicationMessages application={one} />);
    expect(await screen.findByText(/No messages yet/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send reply' })).toBeNull();
  });
});
