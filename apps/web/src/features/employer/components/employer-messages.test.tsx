import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MessageTemplate, MessageThread } from '@careers/contracts/messages';
import { fakeServices } from '../../../testing/fake-services';
import { renderPage } from '../../../testing/render';
import { EmployerMessages, JobUnreadReplies, UnreadReplies } from './employer-messages';

const applicationId = '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d';
const base = `/business/applications/${applicationId}/messages`;
const template: MessageTemplate = {
  id: '7d8e9f0a-1b2c-4d3e-8f4a-5b6c7d8e9f0a',
  name: 'Interview',
  body: 'Hello {candidateName}, can we talk about {jobTitle}?',
  updatedOn: '2026-03-01T09:00:00.000Z',
};
const dataOf = (data: unknown) => (typeof data === 'string' ? JSON.parse(data) : data) as Record<string, unknown>;

describe("the employer's messages of an application", () => {
  it('shows the reply as new, marks it read, and writes from a template', { timeout: 15_000 }, async () => {
    let thread: MessageThread = {
      messages: [
        {
          id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
          from: 'employer',
          authorName: 'Olive Owner',
          body: 'First',
          sentOn: '2026-03-01T09:00:00.000Z',
          readOn: '2026-03-01T09:30:00.000Z',
        },
        {
          id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
          from: 'candidate',
          body: 'A reply <script>',
          sentOn: '2026-03-01T10:00:00.000Z',
          readOn: null,
        },
      ],
      unread: 1,
      canWrite: true,
    };
    const sent: Record<string, unknown>[] = [];
    const network = fakeServices(({ method, url, data }) => {
      if (method === 'GET' && url === '/business/membership')
        return { status: 200, data: { businessId: 'b', userId: 'u1', role: 'Owner', assignedJobIds: [] } };
      if (method === 'GET' && url === '/business/message-templates') return { status: 200, data: [template] };
      if (method === 'GET' && url === base) return { status: 200, data: thread };
      if (method === 'PUT' && url === `${base}/read`) {
        thread = { ...thread, unread: 0 };
        return { status: 200, data: thread };
      }
      if (method === 'POST' && url === base) {
        sent.push(dataOf(data));
        return { status: 200, data: thread };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderPage(<EmployerMessages applicationId={applicationId} candidateName="Cara Candidate" />);

    const section = await screen.findByRole('region', { name: 'Messages' });
    expect(await within(section).findByText('A reply <script>')).toBeInTheDocument();
    expect(within(section).getByText('Cara Candidate replied')).toBeInTheDocument();
    expect(within(section).getByText('Olive Owner wrote')).toBeInTheDocument();
    await waitFor(() => expect(network.called('PUT', `${base}/read`)).toHaveLength(1));
    expect(within(section).getByText('· New')).toBeInTheDocument();

    await user.selectOptions(await within(section).findByLabelText('Start from a template'), 'Interview');
    expect(within(section).getByLabelText('Message to Cara Candidate')).toHaveValue(template.body);
    await user.click(within(section).getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(sent).toEqual([{ body: template.body, templateId: template.id }]));
    // The owner keeps the templates.
    await user.click(within(section).getByText('Message templates (1)'));
    expect(within(section).getByRole('button', { name: 'Delete the template Interview' })).toBeInTheDocument();
  });

  it('counts unread replies per application and per job, and says nothing at none', async () => {
    const { container } = renderPage(
      <>
        <UnreadReplies count={2} />
        <UnreadReplies count={0} />
        <JobUnreadReplies count={1} />
      </>,
    );
    expect(await screen.findByText('2 unread replies')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent("1 unread reply from candidates in this job's applications");
    expect(container.querySelectorAll('.employer-unread')).toHaveLength(1);
  });
});
