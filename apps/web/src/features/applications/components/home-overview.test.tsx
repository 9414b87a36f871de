import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ApplicationStatus } from '@careers/contracts/enum-values';
import { application, candidate, cv, jobDetail, page } from '../../../testing/candidate-fixtures';
import { fakeServices } from '../../../testing/fake-services';
import { renderPortal } from '../../../testing/render-portal';
import { authStore } from '../../../lib/auth-store';
import { createQueryClient } from '../../../lib/query-client';
import type { JobApplication } from '@careers/contracts/candidate';

// The portal's own client settings (how long an answer stays fresh), as the app runs them.
afterEach(() => authStore.clear());

function services(applications: JobApplication[], total: number, cvCount: number) {
  return fakeServices((request) => {
    if (request.url === '/candidate') return { status: 200, data: candidate };
    if (request.url === '/cvs')
      return { status: 200, data: { cvCount, cvs: Array.from({ length: cvCount }, (_, i) => cv(i + 1)) } };
    if (request.url === '/job-applications')
      return { status: 200, data: page('applications', applications, { total }) };
    return undefined;
  });
}

describe('the home page after sign-in', () => {
  it(
    'keeps the greeting, lists the latest applications with their status, and says what to do next',
    {
      timeout: 15_000,
    },
    async () => {
      const latest = [
        application(1, {
          job: jobDetail('Barista'),
          business: { ...application(1).business, name: 'Corner Café' },
          applicationStatus: ApplicationStatus.ScheduleInterview,
        }),
        application(2, { job: jobDetail('Night porter'), applicationStatus: ApplicationStatus.Reject }),
        application(3, { job: jobDetail('Cook'), withdrawnOn: '2026-03-04T09:00:00.000Z' }),
        application(4, { job: jobDetail('Cleaner') }),
      ];
      const network = services(latest, 12, 1);
      renderPortal('/', createQueryClient());

      expect(
        await screen.findByRole('heading', { level: 1, name: 'Hello, Ada!' }, { timeout: 5000 }),
      ).toBeInTheDocument();
      const list = within(screen.getByRole('region', { name: 'Your latest applications' }));
      const items = list.getAllByRole('listitem');
      expect(items).toHaveLength(3);
      expect(items[0]).toHaveTextContent('Barista');
      expect(items[0]).toHaveTextContent('Corner Café');
      expect(items[0]).toHaveTextContent('Status: Interview to be scheduled');
      expect(within(items[0]!).getByRole('link', { name: 'Barista' })).toHaveAttribute(
        'href',
        `/applications?application=${latest[0]!.id}`,
      );
      expect(items[1]).toHaveTextContent('Status: Not selected');
      expect(items[2]).toHaveTextContent('Status: Withdrawn');
      expect(list.getByRole('link', { name: 'See all 12 job applications' })).toHaveAttribute('href', '/applications');

      const next = within(screen.getByRole('region', { name: 'What to do next' }));
      expect(next.getByText(/The employer wants to interview you for Barista at Corner Café/)).toBeInTheDocument();
      expect(next.queryByText(/Upload your CV/)).toBeNull();
      // The list came with startup's round trip: asked once, no spinner of its own.
      expect(screen.queryByText('Loading your applications')).toBeNull();
      expect(network.called('GET', '/job-applications')).toHaveLength(1);
    },
  );

  it(
    'a candidate with no application and no CV is told how to apply and to upload a CV',
    { timeout: 15_000 },
    async () => {
      services([], 0, 0);
      renderPortal('/dashboard', createQueryClient());
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Hello, Ada!' }, { timeout: 5000 }),
      ).toBeInTheDocument();
      expect(screen.getByText('You have not applied for a job yet.')).toBeInTheDocument();
      const next = within(screen.getByRole('region', { name: 'What to do next' }));
      expect(next.getByRole('link', { name: 'Upload a CV' })).toHaveAttribute('href', '/cvs');
      expect(next.getByText(/Choose Apply there/)).toBeInTheDocument();
    },
  );
});
