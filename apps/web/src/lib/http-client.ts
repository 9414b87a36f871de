import type { AuthResponse, RefreshRequest } from '@careers/contracts/identity';
import { NOBODY_LOGGED_IN, REFRESH_PLACEHOLDER_IP } from '@careers/contracts/identity-values';
import type { RuntimeConfig } from '../config/runtime-config-schema';
import { runtimeConfig } from '../config/runtime-config';
import { ApiError, SessionEndedError, toApiError } from './api-error';
import { authStore as defaultAuthStore, type AuthStore } from './auth-store';
import { isRefreshDue } from './jwt';
import {
  createInstance,
  isHttpError,
  xhrAdapter,
  type Adapter,
  type HttpInstance,
  type RequestConfig,
} from './request';
import { withEarlyAnswers } from './early-answers';

/** product.md §8 'Please check your login details' (401 on login or refresh) and the 'Exception: ' prefix. */
export const CHECK_LOGIN_DETAILS = 'Please check your login details';
export const EXCEPTION_PREFIX = 'Exception: ';

export function loginFailureMessage(error: unknown): string {
  const apiError = toApiError(error);
  return apiError.status === 401 ? CHECK_LOGIN_DETAILS : `${EXCEPTION_PREFIX}${apiError.message}`;
}

export interface Session {
  /** The access token, refreshed first when due; rejects (and logs out) when there is none or the refresh fails. */
  ensureFreshAccessToken(): Promise<string>;
  /** One refresh shared by every caller that asks while it runs. */
  refresh(): Promise<string>;
  /** Revokes this session at the identity service (failures ignored) and clears the stored auth. */
  logout(): Promise<void>;
  /** Ends every session of the account (other devices too), then clears the stored auth; rejects when the identity service refuses, leaving this session as it was. */
  logoutEverywhere(): Promise<void>;
}

export interface HttpClients {
  /** Identity service, no bearer token (login check, codes, registration, reset, confirm, refresh). */
  identity: HttpInstance;
  /** Identity service as the signed-in user (profile, e-mail change, delete). */
  identityAuthed: HttpInstance;
  /** Candidate service as the signed-in user. */
  candidate: HttpInstance;
  session: Session;
}

interface RetriableConfig extends RequestConfig {
  retriedAfterRefresh?: boolean;
}

export function createHttpClients(options: {
  config: RuntimeConfig;
  authStore: AuthStore;
  adapter?: Adapter;
}): HttpClients {
  const { config, authStore, adapter } = options;
  // product.md §9: no timeout; XSRF cookie and header names as product.md §9 gives them.
  const defaults = {
    timeout: 0,
    xsrfCookieName: 'XSRF-TOKEN',
    xsrfHeaderName: 'X-XSRF-TOKEN',
    ...(adapter ? { adapter } : {}),
  };

  const identity = createInstance(
    { ...defaults, baseURL: config.identityBaseUrl, withCredentials: true },
    { onError: (error) => Promise.reject(toApiError(error)) },
  );

  const endSession = (feedbackMessage: string): SessionEndedError => {
    authStore.fail(feedbackMessage);
    return new SessionEndedError(feedbackMessage);
  };

  let refreshInFlight: Promise<string> | null = null;

  const performRefresh = async (): Promise<string> => {
    const current = authStore.get();
    if (!current.accessToken || !current.refreshToken) throw endSession(NOBODY_LOGGED_IN);
    const body: RefreshRequest = {
      accessToken: current.accessToken,
      refreshToken: current.refreshToken,
      ipAddress: REFRESH_PLACEHOLDER_IP,
    };
    let next: AuthResponse;
    try {
      const { data } = await identity.post<AuthResponse | ''>('/api/account/refresh', body);
      if (!data || !data.success || !data.accessToken) {
        throw new ApiError((data && data.feedbackMessage) || 'Refresh answered without a token');
      }
      next = data;
    } catch (error) {
      throw endSession(loginFailureMessage(error));
    }
    // A refresh answer may omit profile fields; keep the ones we know.
    authStore.set({
      ...next,
      id: next.id === -1 ? current.id : next.id,
      name: next.name ?? current.name,
      email: next.email ?? current.email,
      phone: next.phone ?? current.phone,
    });
    return next.accessToken as string;
  };

  const session: Session = {
    refresh() {
      refreshInFlight ??= performRefresh().finally(() => {
        refreshInFlight = null;
      });
      return refreshInFlight;
    },
    async ensureFreshAccessToken() {
      if (refreshInFlight) return refreshInFlight;
      const token = authStore.get().accessToken;
      if (!token) throw endSession(NOBODY_LOGGED_IN);
      return isRefreshDue(token) ? session.refresh() : token;
    },
    async logout() {
      // product.md §4: logout clears stored auth first, so that a reload, another tab or a hanging identity
      // service (requests have no timeout) can never bring the session back; the server side follows.
      const token = authStore.get().accessToken;
      authStore.clear();
      if (token) {
        try {
          await identity.post('/api/account/revoke', undefined, { headers: { Authorization: `Bearer ${token}` } });
        } catch {
          // Logging out must always work locally, even when the identity service cannot be reached.
        }
      }
    },
    async logoutEverywhere() {
      await identityAuthed().post('/api/account/revoke-all');
      authStore.clear();
    },
  };

  const identityAuthed = (): HttpInstance => clients.identityAuthed;

  const authed = (baseURL: string, withCredentials: boolean, network?: Adapter): HttpInstance =>
    createInstance(
      { ...defaults, ...(network ? { adapter: network } : {}), baseURL, withCredentials },
      {
        async beforeRequest(request) {
          const token = await session.ensureFreshAccessToken();
          return { ...request, headers: { ...request.headers, Authorization: `Bearer ${token}` } };
        },
        // product.md §4: a 401 leads to one refresh and one retry; a second 401 ends the session.
        async onError(error, request: RetriableConfig, instance) {
          if (isHttpError(error) && error.response?.status === 401) {
            if (request.retriedAfterRefresh) throw endSession(NOBODY_LOGGED_IN);
            await session.refresh();
            return instance.request({ ...request, retriedAfterRefresh: true } as RetriableConfig);
          }
          throw toApiError(error);
        },
      },
    );

  const clients: HttpClients = {
    identity,
    identityAuthed: authed(config.identityBaseUrl, true),
    // The dashboard's first GETs may have been asked by its page's HTML already (docs/decisions/0466).
    candidate: authed(config.candidateBaseUrl, false, withEarlyAnswers(adapter ?? xhrAdapter)),
    session,
  };
  return clients;
}

/** The portal's clients, bound to the run-time configuration and the stored session. */
export const http: HttpClients = createHttpClients({ config: runtimeConfig, authStore: defaultAuthStore });
