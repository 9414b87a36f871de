import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { application, cv, cvDrop, page } from '../../../testing/candidate-fixtures';
import { fakeServices, type Route } from '../../../testing/fake-services';
import { renderPage } from '../../../testing/render';
import { Toaster } from '../../../components/toaster';
import { CvsPage } from './cvs-page';

const list = {
  cvCount: 2,
  cvs: [
    cv(1, { fileName: 'Ada CV 2026.pdf' }),
    cv(2, { fileName: 'Cover notes.txt', cvParseStatus: 'Pending', contentType: 'text/plain' }),
  ],
};

/** The candidate service with two CVs: the first used for one application and one CV drop. */
function services(extra: Route = () => undefined) {
  const pageQueries: { url: string; page: unknown; pageSize: unknown }[] = [];
  const fake = fakeServices(async (request, config) => {
    const answer = await extra(request, config);
    if (answer) return answer;
    if (request.params.page !== undefined)
      pageQueries.push({ url: request.url, page: request.params.page, pageSize: request.params.pageSize });
    if (request.method === 'GET' && request.url === '/cvs') return { status: 200, data: list };
    if (request.method === 'GET' && request.url === '/job-applications')
      return {
        status: 200,
        data: page('applications', [application(1, { job: application(1).job })], { pageSize: 100 }),
      };
    if (request.method === 'GET' && request.url === '/cv-drops')
      return {
        status: 200,
        data: page(
          'cvDrops',
          [cvDrop(1, { business: { id: cv(9).id, name: 'Corner Café', city: 'York', phone: null } })],
          { pageSize: 100 },
        ),
      };
    return undefined;
  });
  return { ...fake, pageQueries };
}

afterEach(() => vi.unstubAllGlobals());

describe('CVs page', () => {
  it('lists each CV with its date, its reading status in words and where it was sent', async () => {
    const fake = services();
    const user = userEvent.setup();
    renderPage(<CvsPage />, { path: '/cvs' });

    const first = (await screen.findByRole('heading', { name: 'Ada CV 2026.pdf' })).closest('li') as HTMLElement;
    expect(within(first).getByText('Uploaded 12 Mar 2026')).toBeInTheDocument();
    expect(within(first).getByText('Ready')).toBeInTheDocument();
    await user.click(await within(first).findByText('Sent 2 times'));
    expect(within(first).getByText('Job 1')).toBeInTheDocument();
    expect(within(first).getByText('Corner Café')).toBeInTheDocument();

    const second = screen.getByRole('heading', { name: 'Cover notes.txt' }).closest('li') as HTMLElement;
    expect(within(second).getByText('Processing')).toBeInTheDocument();
    expect(within(second).getByText('Not sent to an employer yet.')).toBeInTheDocument();
    expect(fake.pageQueries).toEqual(
      expect.arrayContaining([
        { url: '/job-applications', page: 1, pageSize: 100 },
        { url: '/cv-drops', page: 1, pageSize: 100 },
      ]),
    );
  });

  it('says the limit and types before upload, and refuses a wrong file without calling the server', async () => {
    const fake = services();
    const user = userEvent.setup({ applyAccept: false });
    renderPage(<CvsPage />, { path: '/cvs' });
    expect(await screen.findByText('PDF, DOC, DOCX, TXT · up to 10 MB')).toBeInTheDocument();

    const big = new File(['x'], 'huge.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    await user.upload(screen.getByLabelText(/^CV file/), big);
    expect(
      await screen.findByText('This file is larger than 10 MB. Please choose a smaller file, for example a PDF.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload CV' }));
    expect(fake.called('POST', '/cvs')).toHaveLength(0);
  });

  it('uploads with a progress bar, then shows the server detail when the type is refused', async () => {
    let release: (() => void) | undefined;
    const fake = services(async (request, config) => {
      if (request.method !== 'POST' || request.url !== '/cvs') return undefined;
      config.onUploadProgress?.({ loaded: 40, total: 100 });
      await new Promise<void>((resolve) => (release = resolve));
      return {
        status: 415,
        data: {
          type: 'about:blank',
          title: 'Unsupported Media Type',
          status: 415,
          detail: 'Must be in the following format: pdf, doc, docx, txt',
        },
      };
    });
    const user = userEvent.setup();
    renderPage(<CvsPage />, { path: '/cvs' });
    await user.upload(
      await screen.findByLabelText(/^CV file/),
      new File(['not really a pdf'], 'fake.pdf', { type: 'application/pdf' }),
    );
    await user.click(screen.getByRole('button', { name: 'Upload CV' }));

    const bar = await screen.findByRole('progressbar', { name: 'Uploading fake.pdf' });
    await waitFor(() => expect(bar).toHaveAttribute('value', '40'));
    release?.();
    expect(await screen.findByRole('alert', {}, { timeout: 2000 })).toHaveTextContent(
      'Must be in the following format: pdf, doc, docx, txt',
    );
    const form = fake.called('POST', '/cvs')[0]?.data as FormData;
    expect((form.get('file') as File).name).toBe('fake.pdf');
  });

  it('says so when the chosen file is a CV already kept (the service answers that CV)', async () => {
    services((request) =>
      request.method === 'POST' && request.url === '/cvs'
        ? { status: 200, data: { cvId: cv(1).id, fileName: 'Ada CV 2026.pdf' } }
        : undefined,
    );
    const user = userEvent.setup();
    renderPage(
      <>
        <CvsPage />
        <Toaster />
      </>,
      { path: '/cvs' },
    );
    await screen.findByRole('heading', { name: 'Ada CV 2026.pdf' });
    await user.upload(
      screen.getByLabelText(/^CV file/),
      new File(['%PDF-1.4 same'], 'Ada CV 2026 (1).pdf', { type: 'application/pdf' }),
    );
    await user.click(screen.getByRole('button', { name: 'Upload CV' }));
    expect(await screen.findByText('You already have this CV, as Ada CV 2026.pdf.')).toBeInTheDocument();
    expect(screen.queryByText(/was uploaded/)).not.toBeInTheDocument();
  });

  it('deletes a CV only after the confirmation, and removes it from the list', async () => {
    const fake = services((request) =>
      request.method === 'DELETE' ? { status: 200, data: { id: cv(1).id, fileName: 'Ada CV 2026.pdf' } } : undefined,
    );
    const user = userEvent.setup();
    renderPage(<CvsPage />, { path: '/cvs' });

    await user.click(await screen.findByRole('button', { name: 'Delete Ada CV 2026.pdf' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this CV?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fake.requests.filter((request) => request.method === 'DELETE')).toHaveLength(0);
    expect(screen.getByRole('heading', { name: 'Ada CV 2026.pdf' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Ada CV 2026.pdf' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete CV' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Ada CV 2026.pdf' })).not.toBeInTheDocument());
    expect(fake.called('DELETE', `/cvs/${cv(1).id}`)).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Cover notes.txt' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your CVs (1)' })).toBeInTheDocument();
  });

  it("downloads under the server's file name", async () => {
    const createObjectURL = vi.fn(() => 'blob:cv');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    services((request) =>
      request.url === `/cvs/download/${cv(1).id}`
        ? {
            status: 200,
            data: new Blob(['%PDF-1.7']),
            headers: { 'content-disposition': `attachment; filename="x.pdf"; filename*=UTF-8''Ada%20CV%20final.pdf` },
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderPage(<CvsPage />, { path: '/cvs' });
    await user.click(await screen.findByRole('button', { name: 'Download Ada CV 2026.pdf' }));
    await waitFor(() => expect(clicked).toEqual(['Ada CV final.pdf']));
  });

  it("previews a Word CV as the server's HTML in a frame that can run no script", async () => {
    services((request) =>
      request.url === `/cvs/${cv(1).id}/preview`
        ? {
            status: 200,
            data: new Blob(['<p>Ada Lovelace</p>'], { type: 'text/html' }),
            headers: { 'content-type': 'text/html; charset=utf-8' },
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderPage(<CvsPage />, { path: '/cvs' });
    await user.click(await screen.findByRole('button', { name: 'Preview Ada CV 2026.pdf' }));
    const dialog = screen.getByRole('dialog', { name: 'Preview of Ada CV 2026.pdf' });
    const frame = await within(dialog).findByTitle('Ada CV 2026.pdf');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame).toHaveAttribute('srcdoc', '<p>Ada Lovelace</p>');
  });

  it("says 'Error on cv preview' when the preview fails", async () => {
    services((request) =>
      request.url === `/cvs/${cv(1).id}/preview` ? { status: 500, data: new Blob(['']) } : undefined,
    );
    const user = userEvent.setup();
    renderPage(<CvsPage />, { path: '/cvs' });
    await user.click(await screen.findByRole('button', { name: 'Preview Ada CV 2026.pdf' }));
    expect(await within(screen.getByRole('dialog')).findByText('Error on cv preview')).toBeInTheDocument();
  });
});
