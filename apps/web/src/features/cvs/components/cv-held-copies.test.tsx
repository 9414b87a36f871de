import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cv, page, uuid } from '../../../testing/candidate-fixtures';
import { fakeServices } from '../../../testing/fake-services';
import { renderPage } from '../../../testing/render';
import { CvsPage } from './cvs-page';

/** A CV the candidate deleted that a business keeps under its legal hold (docs/decisions/0494). */
describe('deleted CVs kept under a legal hold', () => {
  const held = {
    cvId: cv(1).id,
    fileName: 'Ada CV 2026.pdf',
    businessId: uuid(401),
    businessName: 'Held Co',
    legalHoldUntil: '2099-01-31T00:00:00.000Z',
  };

  function services(list: object) {
    return fakeServices((request) => {
      if (request.method === 'GET' && request.url === '/cvs') return { status: 200, data: list };
      if (request.method === 'GET' && request.url === '/job-applications')
        return { status: 200, data: page('applications', [], { pageSize: 100 }) };
      if (request.method === 'GET' && request.url === '/cv-drops')
        return { status: 200, data: page('cvDrops', [], { pageSize: 100 }) };
      if (request.method === 'DELETE' && request.url === `/cvs/${cv(1).id}`)
        return { status: 200, data: { id: cv(1).id, fileName: 'Ada CV 2026.pdf', heldCopies: [held] } };
      return undefined;
    });
  }

  it('names who keeps a copy until when, or until the hold ends', async () => {
    services({
      cvCount: 0,
      cvs: [],
      heldCopies: [held, { ...held, businessId: uuid(402), businessName: 'Lifted Ltd', legalHoldUntil: null }],
    });
    renderPage(<CvsPage />, { path: '/cvs' });
    const section = (await screen.findByRole('heading', { name: 'Deleted CVs kept under a legal hold' })).closest(
      'section',
    ) as HTMLElement;
    const lines = within(section)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines).toEqual([
      'Ada CV 2026.pdf: Held Co keeps a copy under a legal hold until 31 Jan 2099',
      'Ada CV 2026.pdf: Lifted Ltd keeps a copy under a legal hold until the hold ends',
    ]);
  });

  it('shows the line as soon as a CV a held business keeps is deleted, and nothing when none is kept', async () => {
    services({ cvCount: 1, cvs: [cv(1, { fileName: 'Ada CV 2026.pdf' })] });
    const user = userEvent.setup();
    renderPage(<CvsPage />, { path: '/cvs' });
    await user.click(await screen.findByRole('button', { name: 'Delete Ada CV 2026.pdf' }));
    expect(screen.queryByRole('heading', { name: 'Deleted CVs kept under a legal hold' })).toBeNull();
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete CV' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Ada CV 2026.pdf' })).not.toBeInTheDocument());
    expect(await screen.findByText('Held Co keeps a copy under a legal hold until 31 Jan 2099')).toBeVisible();
  });
});
