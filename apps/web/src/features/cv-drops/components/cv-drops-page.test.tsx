import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cvDrop, page } from '../../../testing/candidate-fixtures';
import { fakeServices } from '../../../testing/fake-services';
import { renderPage } from '../../../testing/render';
import { CvDropsPage } from './cv-drops-page';

describe('CV drops page', () => {
  it('lists business, city, CV and date, and asks the service for page 2', async () => {
    const asked: unknown[] = [];
    fakeServices((request) => {
      if (request.url !== '/cv-drops') return undefined;
      asked.push(request.params);
      const items =
        request.params.page === 2
          ? [cvDrop(11, { appliedWithCvFileName: 'Later CV.docx' })]
          : Array.from({ length: 10 }, (_, index) => cvDrop(index + 1));
      return { status: 200, data: page('cvDrops', items, { page: Number(request.params.page), total: 11 }) };
    });
    const user = userEvent.setup();
    renderPage(<CvDropsPage />, { path: '/cv-drops' });

    const first = (await screen.findByRole('heading', { name: 'Business 1' })).closest('li') as HTMLElement;
    expect(within(first).getByText('York')).toBeInTheDocument();
    expect(within(first).getByText('cv-1.pdf')).toBeInTheDocument();
    expect(within(first).getByText(/1 Feb 2026|Feb 1, 2026/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('heading', { name: 'Business 11' })).toBeInTheDocument();
    expect(screen.getByText('Later CV.docx')).toBeInTheDocument();
    expect(asked).toEqual([
      { page: 1, pageSize: 10 },
      { page: 2, pageSize: 10 },
    ]);
  });

  it('has an empty state', async () => {
    fakeServices(() => ({ status: 200, data: page('cvDrops', []) }));
    renderPage(<CvDropsPage />, { path: '/cv-drops' });
    expect(await screen.findByRole('heading', { name: 'No CV drops yet' })).toBeInTheDocument();
  });
});
