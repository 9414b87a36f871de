import { emptyAuthResponse, type AuthResponse } from '@careers/contracts/identity';
import { authStore } from '../lib/auth-store';
import { http } from '../lib/http-client';
import type { RequestConfig } from '../lib/request';
import { mockAdapter, type RecordedRequest } from './mock-adapter';
import { tokenExpiringIn } from './make-jwt';

type Reply = { status: number; data?: unknown; headers?: Record<string, string> };
export type Route = (request: RecordedRequest & { params: Record<string, unknown> }, config: RequestConfig) => Reply | undefined | Promise<Reply | undefined>;

export const signedInUser: AuthResponse = {
  ...emptyAuthResponse(),
  id: 'user-1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '01234 567890',
  accessToken: tokenExpiringIn(3600),
  refreshToken: 'refresh-1',
  refreshTokenExpiryTime: new Date(Date.now() + 86_400_000).toISOString(),
  success: true,
  feedbackMessage: null,
};

/**
 * Signs a user in and answers the portal's own clients (http.candidate, http.identityAuthed) at the network
 * adapter (http.identity too, for refreshes), so the real interceptors, error mapping and API operations run. `route` answers each request;
 * an unanswered one is a 404. Returns the recorded requests, 'GET /path' style keys included.
 */
export function fakeServices(route: Route, auth: AuthResponse = { ...signedInUser, accessToken: tokenExpiringIn(3600) }) {
  authStore.set(auth);
  const { adapter, requests } = mockAdapter(async (request, config) => {
    const params = (config.params ?? {}) as Record<string, unknown>;
    return (await route({ ...request, params }, config)) ?? { status: 404, data: { type: 'about:blank', title: 'Not Found', status: 404 } };
  });
  http.candidate.defaults.adapter = adapter;
  http.identityAuthed.defaults.adapter = adapter;
  http.identity.defaults.adapter = adapter;
  const called = (method: string, url: string) => requests.filter((request) => request.method === method && request.url === url);
  return { requests, called };
}
