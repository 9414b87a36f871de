import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServices } from '../../../testing/fake-services';
import { renderPage } from '../../../testing/render';
import { AccountPage } from './account-page';

function captureDownloads() {
  const saved: { name: string; href: string }[] = [];
  const blobs: Blob[] = [];
  const createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob);
    return `blob:export-${blobs.length}`;
  });
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.getAttribute('href') ?? '' });
  });
  return { saved, blobs };
}

describe('account page: export my data', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("downloads the candidate service's zip under its own name with the bearer token", async () => {
    const downloads = captureDownloads();
    const zipBytes = new Blob([new Uint8Array([0x50, 0x4b, 0x03, 0x04])], { type: 'application/zip' });
    const fake = fakeServices((request) =>
      request.url === '/candidate/export'
        ? {
            status: 200,
            data: zipBytes,
            headers: {
              'content-type': 'application/zip',
              'content-disposition': 'attachment; filename="careers-data-2026-03-01.zip"',
            },
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderPage(<AccountPage />, { path: '/user-account' });

    expect(screen.getByRole('heading', { name: 'Your data' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export my data' }));
    await waitFor(() =>
      expect(downloads.saved).toEqual([{ name: 'careers-data-2026-03-01.zip', href: 'blob:export-1' }]),
    );
    expect(downloads.blobs[0]).toBe(zipBytes);
    const [call] = fake.called('GET', '/candidate/export');
    expect(call?.authorization).toMatch(/^Bearer /);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your data was downloaded as careers-data-2026-03-01.zip.',
    );
  });

  it('says when to try again after the hourly limit, from the problem details read out of the blob answer', async () => {
    const downloads = captureDownloads();
    fakeServices((request) =>
      request.url === '/candidate/export'
        ? {
            status: 429,
            data: new Blob([
              JSON.stringify({
                type: 'about:blank',
                title: 'Too Many Requests',
                status: 429,
                detail: 'You can export your data 3 times an hour.',
              }),
            ]),
            headers: { 'retry-after': '1200' },
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderPage(<AccountPage />, { path: '/user-account' });
    await user.click(screen.getByRole('button', { name: 'Export my data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have exported your data several times in the last hour. Please try again in 20 minutes.',
    );
    expect(downloads.saved).toEqual([]);
  });

  it("shows the server's reason for any other refusal", async () => {
    captureDownloads();
    fakeServices((request) =>
      request.url === '/candidate/export'
        ? {
            status: 404,
            data: new Blob([
              JSON.stringify({
                type: 'about:blank',
                title: 'Not Found',
                status: 404,
                detail: 'No candidate profile exists for this account yet.',
              }),
            ]),
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderPage(<AccountPage />, { path: '/user-account' });
    await user.click(screen.getByRole('button', { name: 'Export my data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No candidate profile exists for this account yet.');
  });
});
