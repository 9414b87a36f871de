import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { authStore } from '../../../lib/auth-store';
import { fakeServices } from '../../../testing/fake-services';
import { renderPage } from '../../../testing/render';
import { JobReach } from './job-reach';

afterEach(() => authStore.clear());

describe("a job's reach in the console", () => {
  it('shows applications by source with the statuses they reached, where the job is published and the crawlers', async () => {
    const network = fakeServices((request) => {
      if (request.url === '/business/source-funnel')
        return {
          status: 200,
          data: {
            from: '2026-10-26T00:00:00.000Z',
            to: '2026-11-25T00:00:00.000Z',
            jobId: 'j1',
            sources: [
              {
                source: 'indeed',
                applications: 3,
                reached: [
                  { applicationStatus: 0, applications: 3 },
                  { applicationStatus: 10, applications: 2 },
                  { applicationStatus: 50, applications: 1 },
                ],
              },
            ],
          },
        };
      if (request.url === '/business/jobs/j1/distribution')
        return {
          status: 200,
          data: {
            places: [
              {
                name: 'Feed for adzuna',
                url: 'https://portal.test/careers/acme/jobs.xml?board=adzuna',
                how: 'Adzuna: register the feed URL.',
              },
            ],
            crawlers: [
              {
                crawler: 'Googlebot',
                via: 'feed',
                fetches: 2,
                firstAt: '2026-11-24T10:00:00Z',
                lastAt: '2026-11-25T10:00:00Z',
              },
            ],
          },
        };
      return undefined;
    });
    renderPage(<JobReach jobId="j1" />);
    const table = await screen.findByRole('table', {
      name: 'Applications by source, and how many reached each status',
    });
    const row = within(table).getByRole('row', { name: /indeed/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['3', '2', '0', '0', '0', '1']);
    expect(await screen.findByText('https://portal.test/careers/acme/jobs.xml?board=adzuna')).toBeInTheDocument();
    expect(screen.getByText(/Googlebot \(feed\): 2 fetches/)).toBeInTheDocument();
    expect(network.called('GET', '/business/source-funnel')).toHaveLength(1);
  });
});
