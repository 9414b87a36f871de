import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApplicationStatus } from '@careers/contracts/enums';
import { application, jobDetail, page } from '../../../testing/candidate-fixtures';
import { fakeServices } from '../../../testing/fake-services';
import { renderPage } from '../../../testing/render';
import { ApplicationsPage } from './applications-page';

describe('job applications page', () => {
  it(
    'shows each application in plain words with its timeline newest first, and pages on to page 2',
    { timeout: 15_000 },
    async () => {
      const asked: unknown[] = [];
      fakeServices((request) => {
        if (request.url !== '/job-applications') return undefined;
        asked.push(request.params);
        if (request.params.page === 2)
          return {
            status: 200,
            data: page('applications', [application(11, { job: jobDetail('Night porter') })], { page: 2, total: 11 }),
          };
        const first = application(1, {
          job: jobDetail('Barista', { city: 'Leeds' }),
          business: {
            id: application(1).business.id,
            name: 'Corner Café',
            city: 'York',
            phone: null,
            careersDomain: null,
          },
          applicationStatus: ApplicationStatus.ScheduleInterview,
          appliedWithCvFileName: 'Ada CV.pdf',
          statusHistory: [
            { applicationStatus: ApplicationStatus.ApplicationPending, changedOn: '2026-03-01T09:00:00.000Z' },
            { applicationStatus: ApplicationStatus.ScheduleInterview, changedOn: '2026-03-05T09:00:00.000Z' },
            { applicationStatus: ApplicationStatus.Qualify, changedOn: '2026-03-03T09:00:00.000Z' },
          ],
        });
        const rest = Array.from({ length: 9 }, (_, index) =>
          application(index + 2, { applicationStatus: ApplicationStatus.Reject }),
        );
        return { status: 200, data: page('applications', [first, ...rest], { total: 11 }) };
      });
      const user = userEvent.setup();
      const { router } = renderPage(<ApplicationsPage />, { path: '/applications' });

      const card = (await screen.findByRole('article', { name: 'Barista' })) as HTMLElement;
      expect(within(card).getByText('Corner Café · Leeds')).toBeInTheDocument();
      expect(card.querySelector('.badge')).toHaveTextContent('Status: Interview to be scheduled');
      expect(within(card).getByText('Ada CV.pdf')).toBeInTheDocument();
      // Each application leads back to its job's page (issue 12 item 4).
      expect(within(card).getByRole('link', { name: 'Barista' })).toHaveAttribute(
        'href',
        `/apply/${jobDetail('Barista').jobId}`,
      );
      expect(
        screen.getAllByText(
          (_, element) =>
            element?.classList.contains('badge') === true && element.textContent === 'Status: Not selected',
        ),
      ).toHaveLength(9);

      await user.click(within(card).getByText('Progress'));
      const steps = within(card)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('.application-card__step')?.textContent);
      expect(steps).toEqual(['Interview to be scheduled', 'Under review', 'Application received']);

      const pages = screen.getByRole('navigation', { name: 'Job applications pages' });
      expect(within(pages).getByText(/Page 1 of 2/)).toBeInTheDocument();
      expect(within(pages).getByRole('button', { name: 'Previous page' })).toBeDisabled();
      await user.click(within(pages).getByRole('button', { name: 'Next page' }));

      expect(await screen.findByRole('article', { name: 'Night porter' })).toBeInTheDocument();
      expect(asked).toContainEqual({ page: 2, pageSize: 10 });
      expect(router.state.location.search).toBe('?page=2');
      await waitFor(() => expect(within(pages).getByRole('button', { name: 'Next page' })).toBeDisabled());
    },
  );

  it('opens on the page named in the address', async () => {
    const asked: unknown[] = [];
    fakeServices((request) => {
      asked.push(request.params);
      return { status: 200, data: page('applications', [application(21)], { page: 3, total: 21 }) };
    });
    renderPage(<ApplicationsPage />, { path: '/applications', url: '/applications?page=3' });
    expect(await screen.findByText(/Page 3 of 3/)).toBeInTheDocument();
    expect(asked).toEqual([{ page: 3, pageSize: 10 }]);
  });

  it('says whether the business opened the CV sent with each application, and when (the business, never who)', async () => {
    const opened = application(31, { cvOpenedOn: '2026-03-04T15:30:00.000Z' });
    const unopened = application(32, { cvOpenedOn: null });
    const withoutCv = application(33, { appliedWithCvId: null, appliedWithCvFileName: null, cvOpenedOn: null });
    fakeServices(() => ({ status: 200, data: page('applications', [opened, unopened, withoutCv]) }));
    renderPage(<ApplicationsPage />, { path: '/applications' });
    const card = async (title: string) =>
      (await screen.findByRole('heading', { name: title })).closest('article') as HTMLElement;
    expect(within(await card('Job 31')).getByText('Opened by Acme Ltd on 4 Mar 2026')).toBeInTheDocument();
    expect(within(await card('Job 32')).getByText('Not opened by Acme Ltd yet')).toBeInTheDocument();
    expect(within(await card('Job 33')).queryByText('CV opened')).not.toBeInTheDocument();
  });

  it('without applications, explains how to apply instead of showing an empty list', async () => {
    fakeServices(() => ({ status: 200, data: page('applications', []) }));
    renderPage(<ApplicationsPage />, { path: '/applications' });
    expect(await screen.findByRole('heading', { name: 'No applications yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get your CV ready' })).toHaveAttribute('href', '/cvs');
    // A new candidate is shown where every open job is (issue 27 item 2).
    expect(screen.getByRole('link', { name: 'Find a job' })).toHaveAttribute('href', '/jobs');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});

describe('job applications page, opened from a status e-mail', () => {
  it('opens the progress of the application the e-mail links to and brings it into view', async () => {
    const target = application(2, { job: jobDetail('Roaster'), applicationStatus: ApplicationStatus.Qualify });
    fakeServices((request) =>
      request.url === '/job-applications'
        ? { status: 200, data: page('applications', [application(1), target], { total: 2 }) }
        : undefined,
    );
    renderPage(<ApplicationsPage />, { path: '/applications', url: `/applications?application=${target.id}` });
    const card = (await screen.findByRole('article', { name: 'Roaster' })) as HTMLElement;
    expect(card).toHaveAttribute('aria-current', 'true');
    expect(card.querySelector('details')).toHaveAttribute('open');
    expect(within(card).getByText('Under review', { selector: '.application-card__step' })).toBeVisible();
    const other = screen.getAllByRole('article').find((article) => article !== card)!;
    expect(other).not.toHaveAttribute('aria-current');
    expect(other.querySelector('details')).not.toHaveAttribute('open');
  });
});
