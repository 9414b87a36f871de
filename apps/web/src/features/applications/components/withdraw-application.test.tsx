import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { JobApplication } from '@careers/contracts/candidate';
import { ApplicationStatus } from '@careers/contracts/enums';
import { application, jobDetail, page } from '../../../testing/candidate-fixtures';
import { fakeServices } from '../../../testing/fake-services';
import { renderPage } from '../../../testing/render';
import { ApplicationsPage } from './applications-page';

const WITHDRAWN_ON = '2026-03-04T10:00:00.000Z';

describe('job applications page: withdrawing', () => {
  it('withdraws after a confirmation with the optional reason; the card then reads Withdrawn, with the step in its timeline and a way to apply again', async () => {
    let current: JobApplication = application(1, {
      job: jobDetail('Barista', { jobId: '00000000-0000-4000-8000-000000000777' }),
      statusHistory: [
        { applicationStatus: ApplicationStatus.ApplicationPending, changedOn: '2026-03-01T09:00:00.000Z' },
      ],
    });
    const fake = fakeServices((request) => {
      if (request.method === 'GET' && request.url === '/job-applications')
        return { status: 200, data: page('applications', [current]) };
      if (request.method === 'POST' && request.url === `/job-applications/${current.id}/withdraw`) {
        const reason = (request.data as { reason: string | null }).reason;
        current = {
          ...current,
          withdrawnOn: WITHDRAWN_ON,
          withdrawalReason: reason,
          statusHistory: [
            { applicationStatus: ApplicationStatus.ApplicationPending, changedOn: WITHDRAWN_ON, withdrawn: true },
            ...(current.statusHistory ?? []),
          ],
        };
        return { status: 200, data: { id: current.id, withdrawnOn: WITHDRAWN_ON, withdrawalReason: reason } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderPage(<ApplicationsPage />, { path: '/applications' });

    const card = (await screen.findByRole('article', { name: 'Barista' })) as HTMLElement;
    expect(within(card).queryByRole('link', { name: /Apply again/ })).not.toBeInTheDocument();
    // Cancelling sends nothing.
    await user.click(within(card).getByRole('button', { name: 'Withdraw your application for Barista' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Withdraw your application?' });
    expect(dialog).toHaveTextContent('Acme Ltd will see that you withdrew your application for Barista.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(fake.requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: 'Withdraw your application for Barista' }));
    dialog = screen.getByRole('alertdialog', { name: 'Withdraw your application?' });
    await user.click(within(dialog).getByLabelText('Reason (optional)'));
    await user.paste('  Took another job  ');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw application' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(fake.called('POST', `/job-applications/${current.id}/withdraw`)[0]?.data).toEqual({
      reason: 'Took another job',
    });
    const updated = (await screen.findByRole('article', { name: 'Barista' })) as HTMLElement;
    await waitFor(() => expect(updated.querySelector('.badge')).toHaveTextContent('Status: Withdrawn'));
    expect(within(updated).getByText('Took another job')).toBeInTheDocument();
    expect(within(updated).queryByRole('button', { name: /Withdraw/ })).not.toBeInTheDocument();
    expect(within(updated).getByRole('link', { name: 'Apply again for Barista' })).toHaveAttribute(
      'href',
      '/apply/00000000-0000-4000-8000-000000000777',
    );
    await user.click(within(updated).getByText('Progress'));
    const steps = within(updated)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('.application-card__step')?.textContent);
    expect(steps).toEqual(['You withdrew your application', 'Application received']);
  }, 15_000);

  it('sends no reason when none is given, and shows the refusal in the dialog', async () => {
    const open = application(2, { job: jobDetail('Porter') });
    const fake = fakeServices((request) => {
      if (request.method === 'GET') return { status: 200, data: page('applications', [open]) };
      return {
        status: 409,
        data: {
          type: 'about:blank',
          title: 'Conflict',
          status: 409,
          detail: 'This application is closed: the employer has made a final decision.',
        },
      };
    });
    const user = userEvent.setup();
    renderPage(<ApplicationsPage />, { path: '/applications' });
    await user.click(await screen.findByRole('button', { name: 'Withdraw your application for Porter' }));
    const dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw application' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This application is closed: the employer has made a final decision.',
    );
    expect(fake.called('POST', `/job-applications/${open.id}/withdraw`)[0]?.data).toEqual({ reason: null });
  });

  it('offers no withdrawal once hired or not selected, and no second application while a newer one is open', async () => {
    const jobId = '00000000-0000-4000-8000-000000000888';
    fakeServices(() => ({
      status: 200,
      data: page('applications', [
        application(3, { job: jobDetail('Welder', { jobId }), appliedOn: '2026-03-05T09:00:00.000Z' }),
        application(4, { job: jobDetail('Welder', { jobId }), withdrawnOn: WITHDRAWN_ON, withdrawalReason: null }),
        application(5, { job: jobDetail('Hired job'), applicationStatus: ApplicationStatus.Hired }),
        application(6, { job: jobDetail('Rejected job'), applicationStatus: ApplicationStatus.Reject }),
      ]),
    }));
    renderPage(<ApplicationsPage />, { path: '/applications' });
    const [open, withdrawn] = (await screen.findAllByRole('article', { name: 'Welder' })) as HTMLElement[];
    expect(within(open!).getByRole('button', { name: 'Withdraw your application for Welder' })).toBeInTheDocument();
    expect(withdrawn!.querySelector('.badge')).toHaveTextContent('Status: Withdrawn');
    expect(within(withdrawn!).queryByRole('link', { name: /Apply again/ })).not.toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Hired job' })).queryByRole('button')).not.toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Rejected job' })).queryByRole('button')).not.toBeInTheDocument();
  });
});
