import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { emptyAuthResponse } from '@careers/contracts/identity';
import { renderPortal } from '../../../testing/render-portal';
import { authStore } from '../../../lib/auth-store';
import { fakeNetwork } from '../../../testing/fake-services';
import { tokenExpiringIn } from '../../../testing/make-jwt';

function start(url: string) {
  return renderPortal(url, new QueryClient({ defaultOptions: { queries: { retry: false } } }));
}

function signIn(roles: string[]) {
  authStore.set({
    ...emptyAuthResponse(),
    id: 'u1',
    name: 'Ada',
    email: 'ada@example.test',
    accessToken: tokenExpiringIn(600, { roles }),
    refreshToken: 'r',
    success: true,
    feedbackMessage: null,
  });
}

afterEach(() => {
  authStore.clear();
});

const business = {
  id: '6f1c2a43-6a0e-4a51-9a44-0d2b6a6f0a11',
  name: 'Acme Ltd',
  city: 'Leeds',
  phone: null,
  careersDomain: null,
  imageRelativeDirectory: 'businesses/x',
};
const owner = { businessId: business.id, userId: 'u1', role: 'Owner', assignedJobIds: [] };
/** A business past its first hour: the console's home shows its jobs, not the checklist. */
const allStepsDone = {
  businessDetails: true,
  logo: true,
  careersPage: true,
  firstJob: true,
  colleagueInvited: true,
  interviewHours: true,
  retentionRule: true,
};

describe('the employer console and the candidate pages keep to their own users', () => {
  it('sends a visitor to the employer sign-in, keeping the target', async () => {
    const router = start('/employer/jobs/j1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/employer/login'), { timeout: 5000 });
    expect(router.state.location.search).toBe(`?returnUrl=${encodeURIComponent('/employer/jobs/j1')}`);
    expect(await screen.findByRole('heading', { name: 'Employer sign in' })).toBeInTheDocument();
  });

  it('tells a candidate the console is for employers, with the way back, instead of a silent redirect', async () => {
    signIn(['Candidate']);
    fakeNetwork(() => ({ networkError: true }));
    const router = start('/employer');
    const heading = await screen.findByRole('heading', { name: 'For employers' }, { timeout: 5000 });
    expect(screen.getByText('This area is for employers. You are signed in as a candidate.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your candidate pages' })).toHaveAttribute('href', '/');
    expect(router.state.location.pathname).toBe('/employer');
    await waitFor(() => expect(heading).toHaveFocus());
    expect(document.title).toBe('For employers · Careers Portal');
  });

  it('sends a visitor from /employer to the employer sign-in without a returnUrl (the console is where it leads)', async () => {
    fakeNetwork(() => ({ networkError: true }));
    const router = start('/employer');
    await waitFor(() => expect(router.state.location.pathname).toBe('/employer/login'), { timeout: 5000 });
    expect(router.state.location.search).toBe('');
  });

  it('sends a business user from the candidate pages to the console, and shows their jobs there', async () => {
    signIn(['BusinessUser']);
    const network = fakeNetwork(({ method, url }) => {
      if (method === 'GET' && url === '/business')
        return {
          status: 200,
          data: {
            id: '6f1c2a43-6a0e-4a51-9a44-0d2b6a6f0a11',
            name: 'Acme Ltd',
            city: 'Leeds',
            phone: null,
            careersDomain: null,
            imageRelativeDirectory: 'businesses/x',
          },
        };
      if (method === 'GET' && url === '/business/jobs') return { status: 200, data: [] };
      if (method === 'GET' && url === '/business/membership') return { status: 200, data: owner };
      if (method === 'GET' && url === '/business/first-steps') return { status: 200, data: allStepsDone };
      throw new Error(`unexpected ${method} ${url}`);
    });
    const router = start('/applications');
    await waitFor(() => expect(router.state.location.pathname).toBe('/employer'), { timeout: 5000 });
    expect(await screen.findByRole('heading', { name: 'Jobs' }, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText('No jobs yet')).toBeInTheDocument();
    // The candidate startup never ran for a business user.
    expect(network.requests.map(({ url }) => url)).not.toContain('/candidate');
    // An owner's menu has the team and the business.
    const menu = await screen.findByRole('navigation', { name: 'Employer menu' });
    await waitFor(() => expect(within(menu).getByRole('link', { name: 'Team' })).toBeInTheDocument());
    expect(within(menu).getByRole('link', { name: 'Business' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Post a job' })).toBeInTheDocument();
  });

  it('shows a hiring manager only what their role may use: their jobs, no posting, no team, business or CV drops', async () => {
    signIn(['BusinessUser']);
    fakeNetwork(({ method, url }) => {
      if (method === 'GET' && url === '/business') return { status: 200, data: business };
      if (method === 'GET' && url === '/business/jobs') return { status: 200, data: [] };
      if (method === 'GET' && url === '/business/membership')
        return { status: 200, data: { ...owner, role: 'HiringManager' } };
      throw new Error(`unexpected ${method} ${url}`);
    });
    start('/employer');
    expect(await screen.findByText('No jobs given to you yet', {}, { timeout: 5000 })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Employer menu' });
    await waitFor(() => expect(within(menu).getByRole('link', { name: 'Jobs' })).toBeInTheDocument());
    expect(within(menu).queryByRole('link', { name: 'Team' })).toBeNull();
    expect(within(menu).queryByRole('link', { name: 'Business' })).toBeNull();
    expect(within(menu).queryByRole('link', { name: 'CV drops' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Post a job' })).toBeNull();
  });
});

describe("an application's CV: who of the team opened it", () => {
  const detail = (cvOpenings: unknown[]) => ({
    id: 'a1',
    jobId: 'j1',
    jobTitle: 'Welder',
    candidate: { id: 'c1', name: 'Ann Applicant', email: 'ann@example.test', phoneNumber: '0777', postcode: 'LS1' },
    emailVerified: true,
    applicationStatus: 0,
    appliedWithCvId: '8f1c2a43-6a0e-4a51-9a44-0d2b6a6f0a12',
    appliedWithCvFileName: 'ann.pdf',
    appliedOn: '2026-03-01T09:00:00.000Z',
    readyToWork: true,
    utmSource: null,
    utmCampaign: null,
    withdrawnOn: null,
    withdrawalReason: null,
    statusHistory: [],
    notes: [],
    cvOpenings,
  });
  const console_ = (cvOpenings: unknown[]) => {
    signIn(['BusinessUser']);
    fakeNetwork(({ method, url }) => {
      if (method === 'GET' && url === '/business') return { status: 200, data: business };
      if (method === 'GET' && url === '/business/membership') return { status: 200, data: owner };
      if (method === 'GET' && url === '/business/applications/a1') return { status: 200, data: detail(cvOpenings) };
      throw new Error(`unexpected ${method} ${url}`);
    });
    start('/employer/applications/a1');
  };

  it('lists each opening with the name and what was done, newest first, and says what the candidate sees', async () => {
    console_([
      { openedBy: 'Rae Recruiter', action: 'download', openedOn: '2026-03-03T10:00:00.000Z' },
      { openedBy: 'Ada Owner', action: 'preview', openedOn: '2026-03-02T10:00:00.000Z' },
    ]);
    expect(await screen.findByRole('heading', { name: 'Opened by' }, { timeout: 5000 })).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Opened by' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent?.replace(/\s+/g, ' ').replace(/ it .*/, ''))).toEqual([
      'Rae Recruiter downloaded',
      'Ada Owner previewed',
    ]);
    expect(screen.getByText('The candidate sees that your business opened it, and when; not who.')).toBeInTheDocument();
  });

  it('says no one has opened it yet', async () => {
    console_([]);
    expect(
      await screen.findByText('No one in your team has opened this CV yet.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});
