import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EmployerJob } from '@careers/contracts/employer';
import type { ClosePreview } from '@careers/contracts/fair-endings';
import { fakeServices } from '../../../testing/fake-services';
import { renderPage } from '../../../testing/render';
import { CloseJobDialog } from './job-endings';

const jobId = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const booked = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';
const invited = '3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e7f';
const job = { id: jobId, title: 'Baker' } as EmployerJob;

const preview: ClosePreview = {
  outcome: 'filled',
  told: 2,
  emailed: 2,
  askedToKeep: 0,
  open: [],
  interviews: [
    {
      id: booked,
      applicationId: '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a',
      candidateName: 'Ann Booked',
      status: 'booked',
      startsAt: '2027-03-23T09:00:00.000Z',
      timeZone: 'Europe/London',
    },
    {
      id: invited,
      applicationId: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
      candidateName: 'Cat Invited',
      status: 'invited',
      startsAt: null,
      timeZone: 'Europe/London',
    },
  ],
};

/** Closing a job asks about each interview still to happen (docs/decisions/0547): no choice is made for the employer. */
describe('the close dialog’s interview choices', () => {
  it('refuses to close while an interview has no choice, then sends the choice made for each', async () => {
    const network = fakeServices((request) => {
      if (request.method === 'GET' && request.url === `/business/jobs/${jobId}/close-preview`)
        return { status: 200, data: preview };
      if (request.method === 'POST' && request.url === `/business/jobs/${jobId}/close`)
        return { status: 200, data: { closedOn: '2027-03-22T08:00:00.000Z', askedToKeep: 0 } };
      return undefined;
    });
    const user = userEvent.setup();
    renderPage(<CloseJobDialog job={job} open onClose={() => {}} />);
    const dialog = await screen.findByRole('alertdialog', { name: 'Close Baker?' });
    const ann = await within(dialog).findByRole('group', { name: /^Ann Booked: interview on / });
    const cat = within(dialog).getByRole('group', { name: 'Cat Invited: invited, no time chosen yet' });

    // Only Ann's is chosen: the error names what is missing, and nothing is sent.
    await user.click(within(ann).getByRole('radio', { name: 'Cancel it and tell the candidate' }));
    await user.click(within(dialog).getByRole('button', { name: 'Close job' }));
    expect(
      await within(dialog).findByText('Choose what happens to each interview before closing the job.'),
    ).toBeInTheDocument();
    expect(network.called('POST', `/business/jobs/${jobId}/close`)).toHaveLength(0);

    await user.click(
      within(cat).getByRole('radio', { name: 'Keep it: the interview goes ahead, the outcome waits for it' }),
    );
    // Each interview has its choice now: the error goes with the last one chosen, not at the next click.
    expect(screen.queryByText('Choose what happens to each interview before closing the job.')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Close job' }));
    await waitFor(() => expect(network.called('POST', `/business/jobs/${jobId}/close`)).toHaveLength(1));
    expect(network.called('POST', `/business/jobs/${jobId}/close`)[0]!.data).toEqual({
      outcome: 'filled',
      interviews: [
        { interviewId: booked, choice: 'cancel' },
        { interviewId: invited, choice: 'keep' },
      ],
    });
  });
});
