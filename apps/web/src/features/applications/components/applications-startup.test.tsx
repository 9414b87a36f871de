import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { application, candidate, cv, jobDetail, page } from '../../../testing/candidate-fixtures';
import { fakeServices } from '../../../testing/fake-services';
import type { AdapterReply } from '../../../testing/mock-adapter';
import { renderPortal } from '../../../testing/render-portal';
import { authStore } from '../../../lib/auth-store';
import { createQueryClient } from '../../../lib/query-client';
import { runtimeConfig } from '../../../config/runtime-config';
import { dropEarlyAnswers, EARLY_ANSWERS_GLOBAL, withEarlyAnswers } from '../../../lib/early-answers';
import { dashboardEarlyRequestUrls } from '../api/early-requests';
import { http } from '../../../lib/http-client';

// The portal's own client settings (how long an answer stays fresh), as the app runs them.
afterEach(() => {
  authStore.clear();
  dropEarlyAnswers();
});

/**
 * The services' answers, held until `release()`: what the portal asks before it has any answer is what it
 * asks in one round trip on a phone.
 */
function heldServices(answer: (url: string, params: Record<string, unknown>) => AdapterReply | undefined) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const pagesAsked: unknown[] = [];
  const network = fakeServices(async (request) => {
    if (request.url === '/job-applications') pagesAsked.push(request.params.page);
    await released;
    return answer(request.url, request.params);
  });
  return { ...network, pagesAsked, release };
}

const answers = (url: string, params: Record<string, unknown>): AdapterReply | undefined => {
  if (url === '/candidate') return { status: 200, data: candidate };
  if (url === '/cvs') return { status: 200, data: { cvCount: 1, cvs: [cv(1)] } };
  if (url === '/job-applications')
    return {
      status: 200,
      data: page('applications', [application(1, { job: jobDetail('Barista') })], { page: Number(params.page) }),
    };
  return undefined;
};

describe('the dashboard opened at /applications', () => {
  it(
    'asks for the candidate, the CVs and the applications at once, before any answer',
    { timeout: 15_000 },
    async () => {
      const network = heldServices(answers);
      renderPortal('/applications?page=2', createQueryClient());
      expect(await screen.findByRole('heading', { name: 'Application Status' }, { timeout: 5000 })).toBeInTheDocument();
      await waitFor(() => expect(network.requests).toHaveLength(3));
      expect(network.requests.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
        'GET /candidate',
        'GET /cvs',
        'GET /job-applications',
      ]);
      // The page the address names, not page 1.
      expect(network.pagesAsked).toEqual([2]);
      network.release();

      // The list comes with the page: no spinner of its own after the Application Status panel.
      expect(await screen.findByRole('article', { name: 'Barista' }, { timeout: 5000 })).toBeInTheDocument();
      expect(screen.queryByText('Loading your applications')).toBeNull();
      expect(network.called('GET', '/job-applications')).toHaveLength(1);
    },
  );

  it('never shows the list’s own spinner between the panel and the list', { timeout: 15_000 }, async () => {
    const network = heldServices(answers);
    renderPortal('/applications', createQueryClient());
    await screen.findByRole('heading', { name: 'Application Status' }, { timeout: 5000 });
    const seen: string[] = [];
    const observer = new MutationObserver(() => {
      if (document.body.textContent?.includes('Loading your applications')) seen.push('spinner');
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    network.release();
    await screen.findByRole('article', { name: 'Barista' }, { timeout: 5000 });
    observer.disconnect();
    expect(seen).toEqual([]);
  });
});

describe("the dashboard opened at /applications with its page's early answers (docs/decisions/0466)", () => {
  it('takes the three answers its HTML asked for and asks the candidate service for none again', async () => {
    const network = heldServices(answers);
    network.release();
    // The inline script's requests (src/first-paint/early-requests.ts), already answered, for the same token.
    const token = authStore.get().accessToken as string;
    const urls = dashboardEarlyRequestUrls(runtimeConfig.candidateBaseUrl, '/applications', '?page=2');
    (window as unknown as Record<string, unknown>)[EARLY_ANSWERS_GLOBAL] = urls.map((url) => {
      const path = new URL(url).pathname;
      const reply = answers(path, Object.fromEntries(new URL(url).searchParams)) as { status: number; data: unknown };
      const xhr = { readyState: 4, status: reply.status, responseText: JSON.stringify(reply.data) };
      return { url, authorization: `Bearer ${token}`, xhr: { ...xhr, getAllResponseHeaders: () => '' } };
    });
    // fakeServices put its adapter in place of the client's own; the early answers go in front of it again.
    http.candidate.defaults.adapter = withEarlyAnswers(http.candidate.defaults.adapter!);

    renderPortal('/applications?page=2', createQueryClient());
    expect(await screen.findByRole('article', { name: 'Barista' }, { timeout: 5000 })).toBeInTheDocument();
    expect(network.requests.filter((request) => request.baseURL === runtimeConfig.candidateBaseUrl)).toEqual([]);
    // Startup is over: what it did not take is gone.
    expect((window as unknown as Record<string, unknown>)[EARLY_ANSWERS_GLOBAL]).toBeUndefined();
  });
});
