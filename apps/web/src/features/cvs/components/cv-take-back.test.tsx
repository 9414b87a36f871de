import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { application, cv, page, uuid } from '../../../testing/candidate-fixtures';
import { fakeServices } from '../../../testing/fake-services';
import { renderPage } from '../../../testing/render';
import { Toaster } from '../../../components/toaster';
import { CvsPage } from './cvs-page';

/** "Delete my CV at {business}" on a CV's list of who has it (docs/decisions/0443). */
describe('a CV taken back from one business', () => {
  it('deletes a CV at one business from the "who has my CV" list; a legal hold shows its end instead', async () => {
    const held = { id: uuid(301), name: 'Held Co', city: null, phone: null, careersDomain: null };
    const fake = fakeServices((request) => {
      if (request.method === 'GET' && request.url === '/cvs')
        return { status: 200, data: { cvCount: 1, cvs: [cv(1)] } };
      if (request.method === 'GET' && request.url === '/job-applications')
        return {
          status: 200,
          data: page(
            'applications',
            [
              application(1, { appliedWithCvId: cv(1).id }),
              application(2, { appliedWithCvId: cv(1).id, business: held, legalHoldUntil: '2099-01-31T00:00:00.000Z' }),
            ],
            { pageSize: 100 },
          ),
        };
      if (request.method === 'GET' && request.url === '/cv-drops')
        return { status: 200, data: page('cvDrops', [], { pageSize: 100 }) };
      if (request.method === 'POST' && request.url === `/cvs/${cv(1).id}/take-back`)
        return { status: 200, data: { deletedApplications: 1, deletedCvDrops: 0 } };
      return undefined;
    });
    const user = userEvent.setup();
    renderPage(
      <>
        <CvsPage />
        <Toaster />
      </>,
    );
    await user.click(await screen.findByText('Sent 2 times'));
    expect(screen.getByText('Held Co keeps it until 31 Jan 2099 (a legal hold)')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Delete my CV at Held Co' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Delete my CV at Acme Ltd' }));
    await user.click(await screen.findByRole('button', { name: 'Delete my CV there' }));
    await waitFor(() => expect(fake.called('POST', `/cvs/${cv(1).id}/take-back`)).toHaveLength(1));
    expect(fake.called('POST', `/cvs/${cv(1).id}/take-back`)[0]!.data).toEqual({ businessId: uuid(300) });
    expect(await screen.findByText('Your CV was deleted at Acme Ltd.')).toBeInTheDocument();
  });

  it('puts the focus on the line that says it, on the CV, when the last business that had it is gone from its list', async () => {
    let taken = false;
    const takenBackOn = '2026-12-03T10:00:00.000Z';
    fakeServices((request) => {
      if (request.method === 'GET' && request.url === '/cvs')
        return {
          status: 200,
          data: {
            cvCount: 1,
            cvs: [
              taken
                ? { ...cv(1), takenBack: [{ businessId: uuid(300), businessName: 'Acme Ltd', takenBackOn }] }
                : cv(1),
            ],
          },
        };
      if (request.method === 'GET' && request.url === '/job-applications')
        return {
          status: 200,
          data: page('applications', taken ? [] : [application(1, { appliedWithCvId: cv(1).id })], { pageSize: 100 }),
        };
      if (request.method === 'GET' && request.url === '/cv-drops')
        return { status: 200, data: page('cvDrops', [], { pageSize: 100 }) };
      if (request.method === 'POST' && request.url === `/cvs/${cv(1).id}/take-back`) {
        taken = true;
        return { status: 200, data: { deletedApplications: 1, deletedCvDrops: 0 } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderPage(<CvsPage />);
    await user.click(await screen.findByText('Sent 1 time'));
    await user.click(screen.getByRole('button', { name: 'Delete my CV at Acme Ltd' }));
    await user.click(await screen.findByRole('button', { name: 'Delete my CV there' }));
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Your CV was deleted at Acme Ltd.'));
    expect(document.activeElement).toHaveAttribute('role', 'status');
    // The CV's line keeps the trace of where it went and when it was deleted there, not "never sent".
    expect(await screen.findByRole('list', { name: `Where you deleted ${cv(1).fileName}` })).toHaveTextContent(
      'Acme Ltd: deleted at your request on 3 Dec 2026',
    );
    expect(screen.queryByText('Not sent to an employer yet.')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
