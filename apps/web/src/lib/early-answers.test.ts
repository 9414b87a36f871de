import { afterEach, describe, expect, it } from 'vitest';
import { emptyAuthResponse } from '@careers/contracts/identity';
import { AUTH_STORAGE_KEY, cookieSessionMarker, createAuthStore } from './auth-store';
import {
  dropEarlyAnswers,
  EARLY_ANSWERS_GLOBAL,
  earlyAccessToken,
  SESSION_COOKIE,
  STORED_AUTH_KEY,
  type EarlyRequest,
} from './early-answers';
import { createHttpClients } from './http-client';
import { mockAdapter } from '../testing/mock-adapter';
import { tokenExpiringIn } from '../testing/make-jwt';

const config = {
  identityBaseUrl: 'http://id.test',
  candidateBaseUrl: 'http://cand.test/',
  blobBaseUrl: 'http://cand.test/blobs',
  environment: 'Test',
};

/** What the inline script leaves behind: an XMLHttpRequest done (or not yet) with this answer. */
function earlyXhr(status: number, body: unknown, done = true) {
  const listeners: (() => void)[] = [];
  const xhr = {
    readyState: done ? 4 : 1,
    status: done ? status : 0,
    responseText: done ? JSON.stringify(body) : '',
    getAllResponseHeaders: () => 'content-type: application/json\r\nx-request-id: early-1\r\n',
    addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
    finish() {
      Object.assign(xhr, { readyState: 4, status, responseText: JSON.stringify(body) });
      listeners.forEach((listener) => listener());
    },
  };
  return xhr;
}

function leaveEarly(requests: { url: string; token: string; xhr: ReturnType<typeof earlyXhr> }[]) {
  (window as unknown as Record<string, EarlyRequest[]>)[EARLY_ANSWERS_GLOBAL] = requests.map((request) => ({
    url: request.url,
    authorization: `Bearer ${request.token}`,
    xhr: request.xhr as unknown as XMLHttpRequest,
  }));
}

function clients(token: string) {
  const store = createAuthStore(undefined);
  store.set({ ...emptyAuthResponse(), id: 'user-1', success: true, accessToken: token, refreshToken: 'r' });
  const network = mockAdapter(() => ({ status: 200, data: { from: 'network' } }));
  return { http: createHttpClients({ config, authStore: store, adapter: network.adapter }), network };
}

afterEach(() => dropEarlyAnswers());

describe("the dashboard's early requests (docs/decisions/0466)", () => {
  it("use the stored session's token only for a candidate, with time left, kept as the store keeps it", () => {
    expect(STORED_AUTH_KEY).toBe(AUTH_STORAGE_KEY);
    cookieSessionMarker.set();
    expect(document.cookie.split('; ')).toContain(SESSION_COOKIE);
    cookieSessionMarker.clear();

    const now = Date.now();
    const live = tokenExpiringIn(3600);
    const stored = (fields: Record<string, unknown>) => JSON.stringify({ id: 'user-1', success: true, ...fields });
    expect(earlyAccessToken(stored({ accessToken: live }), false, now)).toBe(live);
    expect(earlyAccessToken(stored({ accessToken: live, rememberMe: false }), true, now)).toBe(live);
    // Without "Remember me" and without the browser session's cookie the store discards the session.
    expect(earlyAccessToken(stored({ accessToken: live, rememberMe: false }), false, now)).toBeNull();
    expect(earlyAccessToken(stored({ accessToken: tokenExpiringIn(10) }), false, now)).toBeNull();
    expect(earlyAccessToken(stored({ accessToken: tokenExpiringIn(-10) }), false, now)).toBeNull();
    expect(
      earlyAccessToken(stored({ accessToken: tokenExpiringIn(3600, { roles: ['BusinessUser'] }) }), false, now),
    ).toBeNull();
    expect(earlyAccessToken(stored({ accessToken: null }), false, now)).toBeNull();
    expect(earlyAccessToken(null, false, now)).toBeNull();
    expect(earlyAccessToken('{not json', false, now)).toBeNull();
  });
});

describe("the candidate client takes the page's early answers", () => {
  it('once, for the same address and token, instead of asking the network', async () => {
    const token = tokenExpiringIn(3600);
    const { http, network } = clients(token);
    leaveEarly([{ url: 'http://cand.test/cvs', token, xhr: earlyXhr(200, { cvCount: 0, cvs: [] }) }]);
    const first = await http.candidate.get('/cvs');
    expect(first.data).toEqual({ cvCount: 0, cvs: [] });
    expect(first.headers['x-request-id']).toBe('early-1');
    expect(network.requests).toHaveLength(0);
    // Used once: the next GET asks the network.
    expect((await http.candidate.get('/cvs')).data).toEqual({ from: 'network' });
    expect(network.requests).toHaveLength(1);
  });

  it('waits for an early request still under way', async () => {
    const token = tokenExpiringIn(3600);
    const { http, network } = clients(token);
    const xhr = earlyXhr(200, { name: 'Ada' }, false);
    leaveEarly([{ url: 'http://cand.test/candidate', token, xhr }]);
    const answer = http.candidate.get('/candidate');
    await new Promise((resolve) => setTimeout(resolve, 10));
    xhr.finish();
    expect((await answer).data).toEqual({ name: 'Ada' });
    expect(network.requests).toHaveLength(0);
  });

  it('asks the network for another address, another token, a failed connection, or after startup dropped them', async () => {
    const token = tokenExpiringIn(3600);
    const { http, network } = clients(token);
    leaveEarly([
      { url: 'http://cand.test/job-applications?page=2&pageSize=10', token, xhr: earlyXhr(200, { page: 2 }) },
      { url: 'http://cand.test/cvs', token: tokenExpiringIn(60), xhr: earlyXhr(200, { cvs: 'old token' }) },
      { url: 'http://cand.test/candidate', token, xhr: earlyXhr(0, '') },
    ]);
    expect((await http.candidate.get('/job-applications', { params: { page: 1, pageSize: 10 } })).data).toEqual({
      from: 'network',
    });
    expect((await http.candidate.get('/cvs')).data).toEqual({ from: 'network' });
    expect((await http.candidate.get('/candidate')).data).toEqual({ from: 'network' });
    dropEarlyAnswers();
    expect((await http.candidate.get('/job-applications', { params: { page: 2, pageSize: 10 } })).data).toEqual({
      from: 'network',
    });
    expect(network.requests.map((request) => request.url)).toEqual([
      '/job-applications',
      '/cvs',
      '/candidate',
      '/job-applications',
    ]);
  });

  it('a 401 early answer refreshes the session and asks again, as any 401', async () => {
    const token = tokenExpiringIn(3600);
    const { http, network } = clients(token);
    leaveEarly([{ url: 'http://cand.test/cvs', token, xhr: earlyXhr(401, { status: 401 }) }]);
    network.requests.length = 0;
    const answer = await http.candidate.get('/cvs').catch((error: unknown) => error);
    // The mock answers the refresh with a body that is no auth answer: the session ends, but only after the
    // client asked the identity service, as a 401 from the network makes it do.
    expect(network.requests.map((request) => request.url)).toContain('/api/account/refresh');
    expect(answer).toBeInstanceOf(Error);
  });
});
