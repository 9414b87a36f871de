import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { applicationSourceName } from '@careers/contracts/application-sources';
import { authStore } from '../../../lib/auth-store';
import { fakeServices } from '../../../testing/fake-services';
import { renderPage } from '../../../testing/render';
import { JobApplicationsPage } from './job-applications-page';
import { JobPublishingPage } from './job-publishing-page';
import { JobReach } from './job-reach';
import { SourceFunnelSection } from './source-funnel';

afterEach(() => authStore.clear());

const JOB = {
  id: 'j1',
  title: 'Barista',
  description: 'Coffee',
  businessId: '6f1c2a43-6a0e-4a51-9a44-0d2b6a6f0a11',
  businessName: 'Bean Co',
  imageRelativeDirectory: 'businesses/x',
  isLive: true,
  city: 'Leeds',
  applicationCount: 3,
  withdrawnCount: 1,
};

const today = new Date().toISOString().slice(0, 10);
const STATS = {
  totalApplications: 3,
  days: 30,
  byDay: [{ day: today, applications: 2 }],
  bySource: [
    { source: 'jobs-search', applications: 2 },
    { source: 'direct', applications: 1 },
  ],
  reached: [{ applicationStatus: 0, applications: 3 }],
};

const APPLICATION = {
  id: 'a1',
  jobId: 'j1',
  candidate: { id: 'c1', name: 'Ann Example', email: 'ann@example.test', phoneNumber: '0123', postcode: 'LS1' },
  emailVerified: true,
  applicationStatus: 0,
  appliedWithCvId: null,
  appliedOn: '2026-11-20T10:00:00.000Z',
  readyToWork: true,
  utmSource: null,
  utmCampaign: null,
  source: 'jobs-search',
};

const DISTRIBUTION = {
  boards: [
    {
      id: 'google',
      name: 'Google for Jobs',
      needs: 'nothing',
      how: 'Nothing to do: Google reads the sitemap and the job posting data on the apply page.',
      registerUrl: null,
      feedUrl: null,
      lastFetchedAt: '2026-11-25T10:00:00Z',
    },
    {
      id: 'indeed',
      name: 'Indeed',
      needs: 'feed-registration',
      how: 'Once: give the feed URL to Indeed.',
      registerUrl: 'https://www.indeed.com/hire',
      feedUrl: 'https://portal.test/careers/bean-co/jobs.xml?board=indeed',
      lastFetchedAt: null,
    },
  ],
  indexNow: { on: true, lastNotifiedAt: '2026-11-25T09:30:00Z' },
  places: [
    {
      name: 'Feed for Adzuna',
      url: 'https://portal.test/careers/bean-co/jobs.xml?board=adzuna',
      how: 'Once: register the feed URL.',
    },
  ],
  crawlers: [
    { crawler: 'Googlebot', via: 'feed', fetches: 2, firstAt: '2026-11-24T10:00:00Z', lastAt: '2026-11-25T10:00:00Z' },
  ],
  nextCursor: null,
};

const FUNNEL = {
  from: '2026-10-26T00:00:00.000Z',
  to: '2026-11-25T00:00:00.000Z',
  jobId: 'j1',
  sources: [
    {
      source: 'jobs-search',
      applications: 2,
      reached: [
        { applicationStatus: 0, applications: 2 },
        { applicationStatus: 10, applications: 1 },
      ],
    },
  ],
};

function services() {
  return fakeServices((request) => {
    if (request.url === '/business/jobs/j1') return { status: 200, data: JOB };
    if (request.url === '/business/jobs/j1/stats') return { status: 200, data: STATS };
    if (request.url === '/business/jobs/j1/applications')
      return {
        status: 200,
        data: { page: 1, pageSize: 20, totalApplications: 1, unreadMessages: 0, applications: [APPLICATION] },
      };
    if (request.url === '/business/jobs/j1/distribution') return { status: 200, data: DISTRIBUTION };
    if (request.url === '/business/source-funnel') return { status: 200, data: FUNNEL };
    if (request.url === '/business/membership') return { status: 200, data: { role: 'Owner' } };
    return { status: 200, data: [] };
  });
}

/** The page's headings in document order, each as its level and name. */
function headings() {
  return screen.getAllByRole('heading').map((heading) => `${heading.tagName} ${heading.textContent}`);
}

describe("the job's page opens on its applications (docs/decisions/0562)", () => {
  it('puts the applications first after the header, with the numbers in one line and no sharing on it', async () => {
    services();
    renderPage(<JobApplicationsPage jobId="j1" />, { path: '/employer/jobs/:jobId', url: '/employer/jobs/j1' });
    expect(await screen.findByRole('link', { name: 'Ann Example' })).toBeInTheDocument();
    expect(await screen.findByText(/most from Job search on this site/)).toBeInTheDocument();
    expect(screen.getByText(/^Applications: 2 active · 1 withdrawn · 2 in the last 30 days/)).toBeInTheDocument();
    // The first heading after the job's title is the applications' own, and it names their region.
    expect(headings().slice(0, 2)).toEqual(['H1 Barista', 'H2 Applications']);
    expect(screen.getByRole('region', { name: 'Applications' })).toContainElement(
      screen.getByRole('link', { name: 'Ann Example' }),
    );
    expect(screen.queryByRole('heading', { name: 'Share this job' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Where this job is published' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Numbers' })).not.toBeInTheDocument();
    // The application says where it came from in the same words as the report.
    expect(screen.getByText('From Job search on this site')).toBeInTheDocument();
    // The second tab holds sharing and publishing.
    const tabs = screen.getByRole('navigation', { name: 'Job sections' });
    expect(within(tabs).getByRole('link', { name: 'Applications' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Sharing and publishing' })).toHaveAttribute(
      'href',
      '/employer/jobs/j1/publishing',
    );
  });

  it('holds sharing, publishing and the numbers on the second tab, the source names the same as the first', async () => {
    services();
    renderPage(<JobPublishingPage jobId="j1" />, {
      path: '/employer/jobs/:jobId/publishing',
      url: '/employer/jobs/j1/publishing',
    });
    expect(await screen.findByRole('heading', { name: 'Share this job' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Where this job is published' })).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Job sections' });
    expect(within(tabs).getByRole('link', { name: 'Sharing and publishing' })).toHaveAttribute('aria-current', 'page');
    const bySource = await screen.findByRole('list', { name: 'Applications by source' });
    expect(within(bySource).getByText('Job search on this site')).toBeInTheDocument();
    expect(within(bySource).getByText('Direct link')).toBeInTheDocument();
    const table = await screen.findByRole('table', {
      name: 'Applications by source, and how many reached each status',
    });
    expect(table).toHaveClass('employer-table');
    expect(within(table).getByRole('rowheader', { name: 'Job search on this site' })).toBeInTheDocument();
  });
});

describe('where a job is published', () => {
  it('names each board with what it needs and when it last fetched the job; addresses only behind a disclosure', async () => {
    services();
    renderPage(<JobReach jobId="j1" />);
    const boards = await screen.findByRole('list', { name: 'Job boards' });
    const google = within(boards).getByRole('heading', { name: 'Google for Jobs' }).closest('li')!;
    expect(within(google as HTMLElement).getByText('Nothing to do')).toBeInTheDocument();
    expect(within(google as HTMLElement).getByText(/^Last fetched 25 Nov 2026/)).toBeInTheDocument();
    const indeed = within(boards).getByRole('heading', { name: 'Indeed' }).closest('li')!;
    expect(within(indeed as HTMLElement).getByText('One-time feed registration')).toBeInTheDocument();
    expect(within(indeed as HTMLElement).getByText('Not fetched yet')).toBeInTheDocument();
    expect(within(indeed as HTMLElement).getByLabelText('Feed URL for Indeed')).toHaveValue(
      'https://portal.test/careers/bean-co/jobs.xml?board=indeed',
    );
    expect(within(indeed as HTMLElement).getByRole('link', { name: 'Open Indeed’s site' })).toHaveAttribute(
      'href',
      'https://www.indeed.com/hire',
    );
    expect(
      screen.getByText((_, element) =>
        Boolean(
          element?.matches('p') &&
          /^Search engines \(Bing, Yandex, Seznam, Naver via IndexNow\): told at once\. Last told 25 Nov 2026/.test(
            element.textContent ?? '',
          ),
        ),
      ),
    ).toBeInTheDocument();
    const addresses = screen.getByText('Feed addresses').closest('details')!;
    expect(addresses).not.toHaveAttribute('open');
    expect(
      within(addresses).getByText('https://portal.test/careers/bean-co/jobs.xml?board=adzuna'),
    ).toBeInTheDocument();
    const fetches = screen.getByText('Every crawler fetch').closest('details')!;
    expect(within(fetches).getByText(/Googlebot \(feed\): 2 fetches/)).toBeInTheDocument();
  });

  it('says when search engines are not told at once', async () => {
    fakeServices((request) =>
      request.url === '/business/jobs/j1/distribution'
        ? { status: 200, data: { ...DISTRIBUTION, indexNow: { on: false, lastNotifiedAt: null } } }
        : undefined,
    );
    renderPage(<JobReach jobId="j1" />);
    expect(await screen.findByText(/not told at once on this site/)).toBeInTheDocument();
  });
});

describe('the names of sources', () => {
  it.each([
    ['direct', 'Direct link'],
    ['careers-page', 'Your careers page'],
    ['jobs-search', 'Job search on this site'],
    ['indeed', 'Indeed'],
    ['google', 'Google (search or Google for Jobs)'],
    ['linkedin', 'LinkedIn'],
    ['qr-code', 'QR code'],
    ['job-alert', 'E-mail alert'],
    ['other-site', 'Another website'],
    ['something-new', 'Other'],
    ['unknown', 'Not recorded'],
    [null, 'Not recorded'],
  ])('%s → %s', (source, name) => {
    expect(applicationSourceName(source)).toBe(name);
  });

  it('names the rows of the all-jobs report', async () => {
    fakeServices((request) =>
      request.url === '/business/source-funnel'
        ? {
            status: 200,
            data: {
              ...FUNNEL,
              jobId: null,
              sources: [
                { source: 'careers-page', applications: 4, reached: [{ applicationStatus: 50, applications: 1 }] },
              ],
            },
          }
        : undefined,
    );
    renderPage(<SourceFunnelSection title="Where hires come from: all jobs" />);
    const row = await screen.findByRole('row', { name: /Your careers page/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['4', '0', '0', '0', '0', '1']);
  });
});
