import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { application, page } from '../../../testing/candidate-fixtures';
import { fakeServices } from '../../../testing/fake-services';
import { renderPage } from '../../../testing/render';
import { Toaster } from '../../../components/toaster';
import { AccountConsents } from './account-consents';

/** Consents to be kept for other roles, on the account page (docs/decisions/0442). */
describe('consents on the account page', () => {
  it('withdraws a consent from the account page at once', async () => {
    let kept: string | null = '2027-03-01T09:00:00.000Z';
    const fake = fakeServices((request) => {
      if (request.method === 'GET' && request.url === '/job-applications')
        return {
          status: 200,
          data: page('applications', [application(1, { keptForOtherRolesUntil: kept })], { pageSize: 100 }),
        };
      if (request.method === 'DELETE' && request.url === `/job-applications/${application(1).id}/talent-pool`) {
        kept = null;
        return { status: 200, data: { keptForOtherRolesUntil: null } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderPage(
      <>
        <AccountConsents />
        <Toaster />
      </>,
    );
    expect(await screen.findByText(/keeps your application for Job 1 until 1 Mar 2027/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Withdraw consent: Job 1 at Acme Ltd' }));
    expect(await screen.findByText('No business keeps an application of yours for other roles.')).toBeVisible();
    expect(fake.called('DELETE', `/job-applications/${application(1).id}/talent-pool`)).toHaveLength(1);
  });
});
