import { createHash } from 'node:crypto';
import { emptyAuthResponse, type AuthResponse, type BotCheckChallenge } from '@careers/contracts/identity';
import { authStore } from '../lib/auth-store';
import { http } from '../lib/http-client';
import type { RequestConfig } from '../lib/request';
import { mockAdapter, type AdapterReply, type RecordedRequest } from './mock-adapter';
import { tokenExpiringIn } from './make-jwt';

export type Route = (
  request: RecordedRequest & { params: Record<string, unknown> },
  config: RequestConfig,
) => AdapterReply | undefined | Promise<AdapterReply | undefined>;

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
 * Answers the portal's own clients (http.identity, http.identityAuthed, http.candidate) at the network
 * adapter, so the real API operations, interceptors and error mapping run. `route` answers each request;
 * an unanswered one is a 404. Returns the recorded requests, 'GET /path' style keys included.
 */
export function fakeNetwork(route: Route) {
  const { adapter, requests } = mockAdapter(async (request, config) => {
    const params = (config.params ?? {}) as Record<string, unknown>;
    return (
      (await route({ ...request, params }, config)) ?? {
        status: 404,
        data: { type: 'about:blank', title: 'Not Found', status: 404 },
      }
    );
  });
  http.candidate.defaults.adapter = adapter;
  http.identityAuthed.defaults.adapter = adapter;
  http.identity.defaults.adapter = adapter;
  const called = (method: string, url: string) =>
    requests.filter((request) => request.method === method && request.url === url);
  return { requests, called };
}

/** Signs a user in, then fakes the network as fakeNetwork does. */
export function fakeServices(
  route: Route,
  auth: AuthResponse = { ...signedInUser, accessToken: tokenExpiringIn(3600) },
) {
  authStore.set(auth);
  return fakeNetwork(route);
}

/** An ALTCHA challenge as GET /api/bot-check/challenge answers it, quick to solve (its number is small). */
export function solvableChallenge(number = 7): BotCheckChallenge {
  const salt = 'c0ffee1234?expires=9999999999&';
  return {
    algorithm: 'SHA-256',
    challenge: createHash('sha256').update(`${salt}${number}`).digest('hex'),
    salt,
    signature: 'test-signature',
    maxnumber: 1000,
  };
}

/** A problem-details answer as the services send it. */
export function problem(status: number, extra: Record<string, unknown> = {}, headers?: Record<string, string>) {
  return { status, data: { type: 'about:blank', title: 'Error', status, ...extra }, headers };
}
