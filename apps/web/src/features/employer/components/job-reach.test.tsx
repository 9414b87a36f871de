import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore } from '../../../lib/auth-store';
import { fakeServices } from '../../../testing/fake-services';
import { renderPage } from '../../../testing/render';
import { JobReach } from './job-reach';
import { SourceFunnelSection } from './source-funnel';

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
            boards: [],
            indexNow: { on: false, lastNotifiedAt: null },
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
            nextCursor: null,
          },
        };
      return undefined;
    });
    renderPage(
      <>
        <SourceFunnelSection jobId="j1" title="Where hires come from" />
        <JobReach jobId="j1" />
      </>,
    );
    const table = await screen.findByRole('table', {
      name: 'Applications by source, and how many reached each status',
    });
    const row = within(table).getByRole('row', { name: /Indeed/ });
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

describe('the crawlers that fetched a job', () => {
  it('shows them a page at a time, "Show more" asking for the next page from the cursor', async () => {
    const line = (n: number) => ({
      crawler: `Crawler ${n}`,
      via: 'feed',
      fetches: n,
      firstAt: '2026-11-24T10:00:00Z',
      lastAt: '2026-11-25T10:00:00Z',
    });
    const asked: Record<string, unknown>[] = [];
    fakeServices((request) => {
      if (request.url === '/business/source-funnel')
        return { status: 200, data: { from: '', to: '', jobId: 'j1', sources: [] } };
      if (request.url !== '/business/jobs/j1/distribution') return undefined;
      asked.push(request.params);
      const second = request.params['cursor'] === 'after-20';
      return {
        status: 200,
        data: {
          boards: [],
          indexNow: { on: false, lastNotifiedAt: null },
          places: [{ name: 'Job search', url: 'https://portal.test/jobs', how: 'Every open job is listed here.' }],
          crawlers: second
            ? Array.from({ length: 3 }, (_, i) => line(21 + i))
            : Array.from({ length: 20 }, (_, i) => line(1 + i)),
          nextCursor: second ? null : 'after-20',
        },
      };
    });
    const user = userEvent.setup();
    renderPage(<JobReach jobId="j1" />);
    expect(await screen.findByText(/Crawler 20 \(feed\): 20 fetches/)).toBeInTheDocument();
    expect(screen.queryByText(/Crawler 21 /)).not.toBeInTheDocument();
    expect(asked).toEqual([{ limit: 20 }]);
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText(/Crawler 23 \(feed\): 23 fetches/)).toBeInTheDocument();
    expect(screen.getByText(/Crawler 1 \(feed\): 1 fetch,/)).toBeInTheDocument();
    expect(asked).toEqual([{ limit: 20 }, { limit: 20, cursor: 'after-20' }]);
    // The last page: nothing more to ask for.
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });
});

describe('where hires come from, for all jobs', () => {
  it("asks for every job's applications (no jobId) and shows them under the all-jobs heading", async () => {
    const asked: Record<string, unknown>[] = [];
    fakeServices((request) => {
      if (request.url !== '/business/source-funnel') return undefined;
      asked.push(request.params);
      return {
        status: 200,
        data: {
          from: '2026-10-26T00:00:00.000Z',
          to: '2026-11-25T00:00:00.000Z',
          jobId: null,
          sources: [{ source: 'careers-page', applications: 4, reached: [{ applicationStatus: 50, applications: 1 }] }],
        },
      };
    });
    renderPage(<SourceFunnelSection title="Where hires come from: all jobs" />);
    expect(await screen.findByRole('heading', { name: 'Where hires come from: all jobs' })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Your careers page/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['4', '0', '0', '0', '0', '1']);
    expect(asked).toHaveLength(1);
    expect(asked[0]).not.toHaveProperty('jobId');
    expect(typeof asked[0]!['from']).toBe('string');
  });
});
