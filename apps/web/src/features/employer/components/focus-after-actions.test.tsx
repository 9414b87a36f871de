import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Interview } from '@careers/contracts/interviews';
import type { MessageThread } from '@careers/contracts/messages';
import type { Team } from '@careers/contracts/employer';
import { fakeServices } from '../../../testing/fake-services';
import { renderPage } from '../../../testing/render';
import { ApplicationPage } from './application-page';
import { CareersPageSettings } from './careers-page-settings';
import { EmployerInterview } from './employer-interview';
import { EmployerMessages } from './employer-messages';
import { RetentionSettings } from './retention-settings';
import { TeamPage } from './team-page';

/*
 * After each action on a console page, the focus is on what the action made (docs/decisions/0541), not on
 * the page's body, where the disabled or removed button left it.
 */

const applicationId = '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d';
const owner = { businessId: 'b1', userId: 'u1', role: 'Owner', assignedJobIds: [] };
/** The focus is on the element whose words are exactly these (never the body, whose words hold them too). */
const focusIsOn = (words: string) => waitFor(() => expect(document.activeElement?.textContent).toBe(words));
/** GET /business/applications/{id}, with the changes a test makes. */
const applicationDetail = (changes: Record<string, unknown>) => ({
  id: applicationId,
  jobId: 'j1',
  jobTitle: 'Welder',
  candidate: { id: 'c1', name: 'Ann Applicant', email: 'ann@example.test', phoneNumber: '0777', postcode: 'LS1' },
  emailVerified: true,
  applicationStatus: 0,
  appliedWithCvId: null,
  appliedOn: '2026-03-01T09:00:00.000Z',
  readyToWork: true,
  utmSource: null,
  utmCampaign: null,
  withdrawnOn: null,
  withdrawalReason: null,
  statusHistory: [],
  notes: [],
  cvOpenings: [],
  ...changes,
});
const dataOf = (data: unknown) => (typeof data === 'string' ? JSON.parse(data) : data) as Record<string, unknown>;

describe('the focus after an action in the console', () => {
  it('goes to the line that says the invitation was sent', { timeout: 15_000 }, async () => {
    let team: Team = { members: [], invitations: [] };
    fakeServices(({ method, url, data }) => {
      if (method === 'GET' && url === '/business/membership') return { status: 200, data: owner };
      if (method === 'GET' && url === '/business/team') return { status: 200, data: team };
      if (method === 'GET' && url.startsWith('/business/jobs'))
        return { status: 200, data: { items: [], total: 0, page: 1, pageSize: 100 } };
      if (method === 'POST' && url === '/business/team/invitations') {
        const invitation = {
          id: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f',
          email: String(dataOf(data).email),
          role: 'Recruiter' as const,
          sentOn: '2026-11-02T09:00:00.000Z',
          expiresOn: '2026-11-09T09:00:00.000Z',
        };
        team = { ...team, invitations: [invitation] };
        return { status: 200, data: invitation };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderPage(<TeamPage />);
    await user.type(await screen.findByLabelText('Email address'), 'rae@example.test');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await focusIsOn('Invitation sent to rae@example.test.');
    expect(document.activeElement).toHaveAttribute('role', 'status');
  });

  it(
    'goes to the message just sent, then to the line that says a template was saved',
    { timeout: 15_000 },
    async () => {
      const base = `/business/applications/${applicationId}/messages`;
      let thread: MessageThread = {
        messages: [
          {
            id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
            from: 'candidate',
            body: 'When do we talk?',
            sentOn: '2026-03-01T10:00:00.000Z',
            readOn: '2026-03-01T10:05:00.000Z',
          },
        ],
        unread: 0,
        canWrite: true,
      };
      fakeServices(({ method, url, data }) => {
        if (method === 'GET' && url === '/business/membership') return { status: 200, data: owner };
        if (method === 'GET' && url === '/business/message-templates') return { status: 200, data: [] };
        if (method === 'GET' && url === base) return { status: 200, data: thread };
        if (method === 'POST' && url === base) {
          thread = {
            ...thread,
            messages: [
              ...thread.messages,
              {
                id: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b',
                from: 'employer',
                authorName: 'Olive Owner',
                body: String(dataOf(data).body),
                sentOn: '2026-03-01T11:00:00.000Z',
                readOn: null,
              },
            ],
          };
          return { status: 200, data: thread };
        }
        if (method === 'POST' && url === '/business/message-templates')
          return {
            status: 200,
            data: {
              id: '7d8e9f0a-1b2c-4d3e-8f4a-5b6c7d8e9f0a',
              ...dataOf(data),
              updatedOn: '2026-03-01T12:00:00.000Z',
            },
          };
        return undefined;
      });
      const user = userEvent.setup();
      renderPage(<EmployerMessages applicationId={applicationId} candidateName="Cara Candidate" />);
      const section = await screen.findByRole('region', { name: 'Messages' });
      await user.type(await within(section).findByLabelText('Message to Cara Candidate'), 'Monday at ten?');
      await user.click(within(section).getByRole('button', { name: 'Send message' }));
      await waitFor(() => expect(document.activeElement?.id).toBe('message-9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b'));
      expect(document.activeElement).toHaveTextContent('Olive Owner wrote');
      expect(document.activeElement).toHaveTextContent('Monday at ten?');

      await user.click(within(section).getByText('Message templates (0)'));
      await user.click(within(section).getByRole('button', { name: 'Add a template' }));
      await user.type(within(section).getByLabelText('Template name'), 'Thanks');
      await user.type(within(section).getByLabelText('Template text'), 'Thank you, {candidateName}.');
      await user.click(within(section).getByRole('button', { name: 'Save template' }));
      await focusIsOn('Template saved.');
      expect(within(section).queryByLabelText('Template name')).toBeNull();
    },
  );

  it("goes to the line that names the moved application's new status", { timeout: 15_000 }, async () => {
    let status = 0;
    fakeServices(({ method, url, data }) => {
      if (method === 'GET' && url === '/business/membership') return { status: 200, data: owner };
      if (method === 'GET' && url === `/business/applications/${applicationId}`)
        return { status: 200, data: applicationDetail({ applicationStatus: status }) };
      if (method === 'PUT' && url === `/business/applications/${applicationId}/status`) {
        status = Number(dataOf(data).applicationStatus);
        return { status: 200, data: {} };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderPage(<ApplicationPage applicationId={applicationId} />);
    const form = await screen.findByRole('form', { name: 'Move the application' }, { timeout: 5000 });
    await user.selectOptions(within(form).getByLabelText('Status'), 'Schedule interview');
    await user.click(within(form).getByRole('button', { name: 'Move' }));
    await focusIsOn('Moved to Schedule interview.');
    // The form, remade for the new status, offers no move to it; the line keeps the focus.
    const remade = screen.getByRole('form', { name: 'Move the application' });
    expect(within(remade).getByLabelText('Status')).toHaveDisplayValue('Schedule interview');
    expect(screen.getByRole('button', { name: 'Move' })).toBeDisabled();
    expect(document.activeElement?.textContent).toBe('Moved to Schedule interview.');
  });

  it('goes to the note just saved, in the history', { timeout: 15_000 }, async () => {
    const notes: unknown[] = [];
    fakeServices(({ method, url, data }) => {
      if (method === 'GET' && url === '/business/membership') return { status: 200, data: owner };
      if (method === 'GET' && url === `/business/applications/${applicationId}`)
        return { status: 200, data: applicationDetail({ notes: [...notes] }) };
      if (method === 'POST' && url === `/business/applications/${applicationId}/notes`) {
        const note = {
          id: '4d5e6f7a-8b9c-4d0e-8f1a-2b3c4d5e6f7a',
          authorName: 'Olive Owner',
          body: String(dataOf(data).body),
          createdOn: '2026-03-02T09:00:00.000Z',
        };
        notes.push(note);
        return { status: 200, data: note };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderPage(<ApplicationPage applicationId={applicationId} />);
    await user.type(await screen.findByLabelText('Add a note', {}, { timeout: 5000 }), 'Strong welding portfolio.');
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    await waitFor(() => expect(document.activeElement?.id).toBe('note-4d5e6f7a-8b9c-4d0e-8f1a-2b3c4d5e6f7a'));
    expect(document.activeElement).toHaveTextContent('Note by Olive Owner');
    expect(document.activeElement).toHaveTextContent('Strong welding portfolio.');
  });

  it('goes to the invitation line after inviting to an interview', async () => {
    const base = `/business/applications/${applicationId}/interview`;
    let interview: Interview | null = null;
    fakeServices((request) => {
      if (request.url === base && request.method === 'GET') return { status: 200, data: { interview } };
      if (request.url === base && request.method === 'POST') {
        interview = {
          id: '7f1e6c2a-4d3f-4a5b-8c7d-9e0f1a2b3c4d',
          applicationId,
          status: 'invited',
          interviewerName: 'Olive Owner',
          timeZone: 'Europe/London',
          slotMinutes: 45,
          startsAt: null,
          endsAt: null,
          locationKind: 'phone',
          location: '0161 496 0000',
          cancelledBy: null,
          slots: [{ startsAt: '2027-03-29T08:00:00.000Z', endsAt: '2027-03-29T08:45:00.000Z' }],
        };
        return { status: 200, data: { interview } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderPage(<EmployerInterview applicationId={applicationId} withdrawn={false} />);
    const section = await screen.findByRole('region', { name: 'Interview' });
    await user.click(await within(section).findByRole('button', { name: 'Invite to an interview' }));
    await focusIsOn('Invited: the candidate chooses a time with Olive Owner. 1 open times are offered.');
  });

  it('goes to the line that says the careers page was saved, though a new address remakes the form', async () => {
    let settings = { slug: 'acme', about: '' };
    fakeServices(({ method, url, data }) => {
      if (url !== '/business/careers-page') return undefined;
      if (method === 'PUT') settings = dataOf(data) as typeof settings;
      return { status: 200, data: settings };
    });
    const user = userEvent.setup();
    renderPage(<CareersPageSettings />);
    const address = await screen.findByLabelText('Address');
    await user.clear(address);
    await user.type(address, 'acme-jobs');
    await user.click(screen.getByRole('button', { name: 'Save careers page' }));
    await focusIsOn('Saved.');
    expect(document.activeElement).toHaveAttribute('role', 'status');
    expect(screen.getByRole('link', { name: '/careers/acme-jobs' })).toBeInTheDocument();
  });

  it('goes to the line that says the retention rule was saved', async () => {
    let rule = { country: 'UK', keepDays: 180, poolDays: null, legalHoldUntil: null, chosen: false };
    fakeServices(({ method, url, data }) => {
      if (url !== '/business/retention') return undefined;
      if (method === 'PUT') rule = { ...rule, ...dataOf(data), chosen: true };
      return { status: 200, data: rule };
    });
    const user = userEvent.setup();
    renderPage(<RetentionSettings />);
    const days = await screen.findByLabelText('Days kept after the decision');
    await user.clear(days);
    await user.type(days, '120');
    await user.click(screen.getByRole('button', { name: 'Save retention rule' }));
    await focusIsOn('Retention rule saved.');
    expect(screen.getByText(/Today: 120 days\./)).toBeInTheDocument();
  });
});
