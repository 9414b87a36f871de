import axios, { isAxiosError, type AxiosAdapter, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { authResponseSchema, NOBODY_LOGGED_IN, REFRESH_PLACEHOLDER_IP, type AuthResponse, type RefreshRequest } from '@careers/contracts/identity';
import type { RuntimeConfig } from '../config/runtime-config-schema';
import { runtimeConfig } from '../config/runtime-config';
import { ApiError, SessionEndedError, toApiError } from './api-error';
import { authStore as defaultAuthStore, type AuthStore } from './auth-store';
import { isRefreshDue } from './jwt';

/** SPEC §8 'Please check your login details' (401 on login or refresh) and the 'Exception: ' prefix. */
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
  /** Revokes the session at the identity service (failures ignored) and clears the stored auth. */
  logout(): Promise<void>;
}

export interface HttpClients {
  /** Identity service, no bearer token (login check, codes, registration, reset, confirm, refresh). */
  identity: AxiosInstance;
  /** Identity service as the signed-in user (profile, e-mail change, delete). */
  identityAuthed: AxiosInstance;
  /** Candidate service as the signed-in user. */
  candidate: AxiosInstance;
  session: Session;
}

interface RetriableConfig extends InternalAxiosRequestConfig {
  _retriedAfterRefresh?: boolean;
}

export function createHttpClients(options: { config: RuntimeConfig; authStore: AuthStore; adapter?: AxiosAdapter }): HttpClients {
  const { config, authStore, adapter } = options;
  // SPEC §9: no timeout; XSRF names are axios's own defaults, spelled out so they stay put.
  const defaults = { timeout: 0, xsrfCookieName: 'XSRF-TOKEN', xsrfHeaderName: 'X-XSRF-TOKEN', ...(adapter ? { adapter } : {}) };

  const identity = axios.create({ ...defaults, baseURL: config.identityBaseUrl, withCredentials: true });
  identity.interceptors.response.use(undefined, (error: unknown) => Promise.reject(toApiError(error)));

  const endSession = (feedbackMessage: string): SessionEndedError => {
    authStore.fail(feedbackMessage);
    return new SessionEndedError(feedbackMessage);
  };

  let refreshInFlight: Promise<string> | null = null;

  const performRefresh = async (): Promise<string> => {
    const current = authStore.get();
    if (!current.accessToken || !current.refreshToken) throw endSession(NOBODY_LOGGED_IN);
    const body: RefreshRequest = { accessToken: current.accessToken, refreshToken: current.refreshToken, ipAddress: REFRESH_PLACEHOLDER_IP };
    let next: AuthResponse;
    try {
      const { data } = await identity.post<unknown>('/api/account/refresh', body);
      const parsed = authResponseSchema.safeParse(data);
      if (!parsed.success || !parsed.data.success || !parsed.data.accessToken) {
        throw new ApiError(parsed.success && parsed.data.feedbackMessage ? parsed.data.feedbackMessage : 'Refresh answered without a token');
      }
      next = parsed.data;
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
      // SPEC §4: logout clears stored auth first, so that a reload, another tab or a hanging identity
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
  };

  const authed = (baseURL: string, withCredentials: boolean): AxiosInstance => {
    const instance = axios.create({ ...defaults, baseURL, withCredentials });
    instance.interceptors.request.use(async (request) => {
      const token = await session.ensureFreshAccessToken();
      request.headers.set('Authorization', `Bearer ${token}`);
      return request;
    });
    instance.interceptors.response.use(undefined, async (error: unknown) => {
      if (isAxiosError(error) && error.response?.status === 401 && error.config) {
        const request = error.config as RetriableConfig;
        if (request._retriedAfterRefresh) {
          return Promise.reject(endSession(NOBODY_LOGGED_IN));
        }
        request._retriedAfterRefresh = true;
        await session.refresh();
        return instance.request(request);
      }
      return Promise.reject(toApiError(error));
    });
    return instance;
  };

  return {
    identity,
    identityAuthed: authed(config.identityBaseUrl, true),
    candidate: authed(config.candidateBaseUrl, false),
    session,
  };
}

/** The portal's clients, bound to the run-time configuration and the stored session. */
export const http: HttpClients = createHttpClients({ config: runtimeConfig, authStore: defaultAuthStore });
