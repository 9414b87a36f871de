import { describe, expect, it } from 'vitest';
import { emptyAuthResponse, REFRESH_PLACEHOLDER_IP, type AuthResponse } from '@careers/contracts/identity';
import { AUTH_STORAGE_KEY, createAuthStore, isAuthenticated } from './auth-store';
import { createHttpClients } from './http-client';
import { mockAdapter } from '../testing/mock-adapter';
import { tokenExpiringIn } from '../testing/make-jwt';

const config = {
  identityBaseUrl: 'http://id.test',
  candidateBaseUrl: 'http://cand.test',
  blobBaseUrl: 'http://cand.test/blobs',
  environment: 'Test',
};

function signedIn(accessToken: string): AuthResponse {
  return {
    ...emptyAuthResponse(),
    id: 'user-1',
    name: 'Ada',
    email: 'ada@example.com',
    accessToken,
    refreshToken: 'refresh-1',
    success: true,
    feedbackMessage: null,
  };
}

function setup(handler: Parameters<typeof mockAdapter>[0], accessToken: string | null) {
  const storage = window.localStorage;
  const store = createAuthStore(storage);
  if (accessToken) store.set(signedIn(accessToken));
  const { adapter, requests } = mockAdapter(handler);
  return { store, requests, storage, ...createHttpClients({ config, authStore: store, adapter }) };
}

const freshToken = tokenExpiringIn(900, { n: 'new' });

describe('candidate-service calls and the session (product.md §4)', () => {
  it('sends the bearer token without refreshing while the token is valid', async () => {
    const valid = tokenExpiringIn(600);
    const { candidate, requests } = setup(() => ({ status: 200, data: { ok: true } }), valid);
    await candidate.get('/candidate');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ url: '/candidate', authorization: `Bearer ${valid}`, withCredentials: false });
  });

  it('refreshes a due token once for concurrent requests, then sends the new one', async () => {
    const expired = tokenExpiringIn(-5);
    const { candidate, requests, store } = setup((request) => {
      if (request.url === '/api/account/refresh')
        return { status: 200, data: { ...signedIn(freshToken), refreshToken: 'refresh-2' } };
      return { status: 200, data: [] };
    }, expired);
    await Promise.all([candidate.get('/candidate'), candidate.get('/cvs'), candidate.get('/job-applications')]);
    const refreshes = requests.filter((r) => r.url === '/api/account/refresh');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]).toMatchObject({
      baseURL: 'http://id.test',
      withCredentials: true,
      data: { accessToken: expired, refreshToken: 'refresh-1', ipAddress: REFRESH_PLACEHOLDER_IP },
    });
    const calls = requests.filter((r) => r.baseURL === 'http://cand.test');
    expect(calls).toHaveLength(3);
    expect(calls.every((r) => r.authorization === `Bearer ${freshToken}`)).toBe(true);
    expect(store.get()).toMatchObject({ accessToken: freshToken, refreshToken: 'refresh-2', name: 'Ada' });
  });

  it('answers a 401 with one refresh and one retry', async () => {
    const valid = tokenExpiringIn(600);
    let candidateCalls = 0;
    const { candidate, requests } = setup((request) => {
      if (request.url === '/api/account/refresh') return { status: 200, data: signedIn(freshToken) };
      candidateCalls += 1;
      return candidateCalls === 1 ? { status: 401, data: {} } : { status: 200, data: { name: 'Ada' } };
    }, valid);
    const response = await candidate.get('/candidate');
    expect(response.data).toEqual({ name: 'Ada' });
    expect(requests.map((r) => r.url)).toEqual(['/candidate', '/api/account/refresh', '/candidate']);
    expect(requests[0]?.authorization).toBe(`Bearer ${valid}`);
    expect(requests[2]?.authorization).toBe(`Bearer ${freshToken}`);
  });

  it('logs out and rejects when the refresh after a 401 fails', async () => {
    const { candidate, requests, store, storage } = setup((request) => {
      if (request.url === '/api/account/refresh') return { status: 401, data: { ...emptyAuthResponse('expired') } };
      return { status: 401, data: {} };
    }, tokenExpiringIn(600));
    await expect(candidate.get('/candidate')).rejects.toThrow('Please check your login details');
    expect(requests.map((r) => r.url)).toEqual(['/candidate', '/api/account/refresh']);
    expect(isAuthenticated(store.get())).toBe(false);
    expect(store.get()).toMatchObject({ id: -1, feedbackMessage: 'Please check your login details' });
    expect(storage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  it('retries only once: a second 401 logs out', async () => {
    const { candidate, requests, store } = setup((request) => {
      if (request.url === '/api/account/refresh') return { status: 200, data: signedIn(freshToken) };
      return { status: 401, data: {} };
    }, tokenExpiringIn(600));
    await expect(candidate.get('/candidate')).rejects.toThrow();
    expect(requests.map((r) => r.url)).toEqual(['/candidate', '/api/account/refresh', '/candidate']);
    expect(isAuthenticated(store.get())).toBe(false);
  });

  it('logs out with "Exception: ..." when a due refresh fails otherwise, and never calls the service', async () => {
    const { candidate, requests, store } = setup((request) => {
      if (request.url === '/api/account/refresh') return { status: 500, data: {} };
      return { status: 200, data: {} };
    }, tokenExpiringIn(-1));
    await expect(candidate.get('/cvs')).rejects.toThrow('Exception: An unexpected server error occurred.');
    expect(requests.map((r) => r.url)).toEqual(['/api/account/refresh']);
    expect(store.get().feedbackMessage).toBe('Exception: An unexpected server error occurred.');
  });

  it('rejects a candidate request when nobody is logged in', async () => {
    const { candidate, requests } = setup(() => ({ status: 200 }), null);
    await expect(candidate.get('/candidate')).rejects.toThrow('Nobody is logged in');
    expect(requests).toHaveLength(0);
  });

  it('logout revokes with the bearer token, ignores failures, and clears the stored auth', async () => {
    const token = tokenExpiringIn(600);
    const { session, requests, store, storage } = setup(() => ({ networkError: true }), token);
    await session.logout();
    expect(requests[0]).toMatchObject({
      method: 'POST',
      url: '/api/account/revoke',
      authorization: `Bearer ${token}`,
      withCredentials: true,
    });
    expect(store.get()).toEqual(emptyAuthResponse());
    expect(storage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  it('logout clears the stored auth before the identity service answers (a reload cannot bring it back)', async () => {
    const token = tokenExpiringIn(600);
    let answer!: () => void;
    const { session, store, storage } = setup(
      () => new Promise((resolve) => (answer = () => resolve({ status: 200, data: emptyAuthResponse() }))),
      token,
    );
    const done = session.logout();
    expect(storage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(isAuthenticated(store.get())).toBe(false);
    expect(store.signedOutByUser()).toBe(true);
    await new Promise((r) => setTimeout(r, 0));
    answer();
    await done;
  });
});
