import type { AuthResponse } from '@careers/contracts/identity';
import { emptyAuthResponse } from '@careers/contracts/identity-values';

/*
 * Every page reads the auth store at start, so this module stays free of zod (docs/decisions/0220): the
 * stored value is checked by hand against the contract's shape, and auth-store.test.ts holds this check to
 * authResponseSchema. The empty state is the contracts' own (identity-values.ts, zod-free).
 */

const NULLABLE_TEXT_FIELDS = [
  'name',
  'email',
  'phone',
  'accessToken',
  'refreshToken',
  'refreshTokenExpiryTime',
  'feedbackMessage',
] as const;

/** authResponseSchema's rules, by hand; answers only the contract's fields, as the schema's parse does. */
export function parseStoredAuth(value: unknown): AuthResponse | null {
  if (!value || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  const { id, success } = record;
  if (typeof id !== 'string' && id !== -1) return null;
  if (typeof success !== 'boolean') return null;
  const auth = emptyAuthResponse();
  for (const key of NULLABLE_TEXT_FIELDS) {
    const field = record[key];
    if (field !== null && typeof field !== 'string') return null;
    auth[key] = field;
  }
  return { ...auth, id, success };
}

/** product.md §9: the auth response lives in local storage under one key. */
export const AUTH_STORAGE_KEY = 'careers-portal.auth';
/**
 * Marks the browser session of a login made without "Remember me": a session cookie, shared by all tabs
 * and dropped by the browser when it closes, after which the stored auth is discarded.
 */
export interface SessionMarker {
  has(): boolean;
  set(): void;
  clear(): void;
}

const SESSION_COOKIE = 'careers-portal-session';

export const cookieSessionMarker: SessionMarker = {
  has: () => typeof document !== 'undefined' && document.cookie.split('; ').includes(`${SESSION_COOKIE}=1`),
  set: () => {
    if (typeof document !== 'undefined') document.cookie = `${SESSION_COOKIE}=1; path=/; SameSite=Strict`;
  },
  clear: () => {
    if (typeof document !== 'undefined') document.cookie = `${SESSION_COOKIE}=; path=/; max-age=0; SameSite=Strict`;
  },
};

export interface AuthStore {
  get(): AuthResponse;
  /** Keeps a successful login/registration/verification answer and makes it the current user. */
  set(auth: AuthResponse, options?: { remember?: boolean }): void;
  /** Resets to the signed-out state carrying the feedback message (product.md §4). */
  fail(feedbackMessage: string): void;
  /** Logout: clears the stored auth. */
  clear(): void;
  /** True after clear() until the next login: the user left on purpose, so login needs no returnUrl. */
  signedOutByUser(): boolean;
  subscribe(listener: () => void): () => void;
}

export function isAuthenticated(auth: AuthResponse): boolean {
  return typeof auth.id === 'string' && auth.id !== '' && Boolean(auth.accessToken);
}

interface StoredAuth extends AuthResponse {
  /** false: "Remember me" was off, so the login ends with the browser session. */
  rememberMe?: boolean;
}

/**
 * `storage` may be given as a function: the store then opens it when first read (docs/decisions/0224). The
 * first access to a browser's local storage loads it synchronously (up to ~13 ms of a phone's start, in
 * the task that runs the page's modules); main.tsx reads the store in a task of its own instead.
 */
export function createAuthStore(
  storage: Storage | undefined | (() => Storage | undefined),
  sessionMarker: SessionMarker = cookieSessionMarker,
): AuthStore {
  const listeners = new Set<() => void>();
  let remember = true;
  let area: { storage: Storage | undefined } | undefined;

  const open = (): Storage | undefined => {
    if (area) return area.storage;
    area = { storage: typeof storage === 'function' ? storage() : storage };
    // Another tab logged in or out: follow it.
    if (typeof window !== 'undefined' && area.storage) {
      window.addEventListener('storage', (event) => {
        if (event.key !== AUTH_STORAGE_KEY && event.key !== null) return;
        current = load();
        notify();
      });
    }
    return area.storage;
  };

  const load = (): AuthResponse => {
    try {
      const local = open();
      const raw = local?.getItem(AUTH_STORAGE_KEY);
      if (!raw) return emptyAuthResponse();
      const stored = JSON.parse(raw) as StoredAuth;
      const parsed = parseStoredAuth(stored);
      if (!parsed) return emptyAuthResponse();
      remember = stored.rememberMe !== false;
      if (!remember && !sessionMarker.has()) {
        local?.removeItem(AUTH_STORAGE_KEY);
        return emptyAuthResponse();
      }
      return parsed;
    } catch {
      return emptyAuthResponse();
    }
  };

  let current: AuthResponse | undefined;
  let byUser = false;
  const notify = () => listeners.forEach((listener) => listener());

  const persist = (auth: AuthResponse | null) => {
    try {
      const local = open();
      if (auth) {
        local?.setItem(AUTH_STORAGE_KEY, JSON.stringify({ ...auth, rememberMe: remember } satisfies StoredAuth));
        if (!remember) sessionMarker.set();
      } else {
        local?.removeItem(AUTH_STORAGE_KEY);
        sessionMarker.clear();
      }
    } catch {
      // Storage can be full or blocked; the session then lasts as long as the page.
    }
  };

  return {
    get: () => (current ??= load()),
    set(auth, options) {
      if (options?.remember !== undefined) remember = options.remember;
      byUser = false;
      current = auth;
      persist(auth);
      notify();
    },
    fail(feedbackMessage) {
      byUser = false;
      current = emptyAuthResponse(feedbackMessage);
      persist(null);
      notify();
    },
    clear() {
      byUser = true;
      current = emptyAuthResponse();
      persist(null);
      notify();
    },
    signedOutByUser: () => byUser,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const browserStorage = (): Storage | undefined => {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
};

export const authStore: AuthStore = createAuthStore(browserStorage);
