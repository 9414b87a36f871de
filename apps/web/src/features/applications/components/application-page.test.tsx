import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { ApplicationStatus } from '@careers/contracts/enums';
import { application, jobDetail } from '../../../testing/candidate-fixtures';
import { fakeServices, problem } from '../../../testing/fake-services';
import { renderPage } from '../../../testing/render';
import { ApplicationPage } from './application-page';

describe("an application's page", () => {
  it('shows the job, the business, the status and the whole timeline, titled by the job', async () => {
    const one = application(1, {
      job: jobDetail('Barista', { city: 'Leeds' }),
      applicationStatus: ApplicationStatus.ScheduleInterview,
      appliedWithCvFileName: 'Ada CV.pdf',
      statusHistory: [
        { applicationStatus: ApplicationStatus.ApplicationPending, changedOn: '2026-03-01T09:00:00.000Z' },
        { applicationStatus: ApplicationStatus.ScheduleInterview, changedOn: '2026-03-05T09:00:00.000Z' },
      ],
    });
    fakeServices((request) => (request.url === `/job-applications/${one.id}` ? { status: 200, data: one } : undefined));
    renderPage(<ApplicationPage applicationId={one.id} />, {
      path: '/applications/:applicationId',
      url: `/applications/${one.id}`,
    });

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Job application');
    expect(await screen.findByRole('heading', { level: 1, name: 'Barista' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Barista · Careers Portal'));
    expect(screen.getByText(`${one.business.name} · Leeds`)).toBeInTheDocument();
    expect(document.querySelector('.badge')).toHaveTextContent('Status: Interview to be scheduled');
    expect(screen.getByText('Ada CV.pdf')).toBeInTheDocument();
    const progress = screen.getByRole('region', { name: 'Progress' });
    expect(
      within(progress)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('.application-card__step')?.textContent),
    ).toEqual(['Interview to be scheduled', 'Application received']);
    expect(screen.getByRole('link', { name: 'See the job' })).toHaveAttribute('href', `/apply/${one.job.jobId}`);
    expect(screen.getByRole('link', { name: 'All job applications' })).toHaveAttribute('href', '/applications');
    expect(screen.getByRole('button', { name: /Withdraw/ })).toBeInTheDocument();
  });

  it("says so for an application that is not the candidate's (404)", async () => {
    fakeServices((request) =>
      request.url.startsWith('/job-applications/')
        ? problem(404, { detail: 'The application was not found.' })
        : undefined,
    );
    renderPage(<ApplicationPage applicationId="3f1c7c2e-8d4b-4a5e-9b6f-2c1d0e9a7b44" />);
    expect(await screen.findByText('The application was not found.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Application not found · Careers Portal'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Job application');
  });
});
