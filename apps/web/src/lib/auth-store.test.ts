import { describe, expect, it } from 'vitest';
import { authResponseSchema, emptyAuthResponse } from '@careers/contracts/identity';
import { AUTH_STORAGE_KEY, createAuthStore, parseStoredAuth, type SessionMarker } from './auth-store';

const signedIn = {
  id: 'u-1',
  name: 'Ada',
  email: 'ada@example.com',
  phone: null,
  accessToken: 'a.b.c',
  refreshToken: 'r',
  refreshTokenExpiryTime: '2030-01-01T00:00:00Z',
  success: true,
  feedbackMessage: null,
};

const samples: unknown[] = [
  signedIn,
  { ...signedIn, rememberMe: false, extra: 1 },
  emptyAuthResponse(),
  { ...signedIn, id: 7 },
  { ...signedIn, id: -1 },
  { ...signedIn, success: 'yes' },
  { ...signedIn, name: undefined },
  { ...signedIn, email: 5 },
  { ...signedIn, feedbackMessage: 'Welcome' },
  null,
  'text',
  [],
  {},
];

describe('parseStoredAuth (the hand check that keeps zod off the first paint)', () => {
  it.each(samples.map((sample) => [JSON.stringify(sample), sample]))(
    'agrees with authResponseSchema on %s',
    (_label, sample) => {
      const parsed = authResponseSchema.safeParse(sample);
      expect(parseStoredAuth(sample)).toEqual(parsed.success ? parsed.data : null);
    },
  );
});

describe('createAuthStore', () => {
  const marker = (present: boolean): SessionMarker => ({
    has: () => present,
    set: () => undefined,
    clear: () => undefined,
  });

  it('loads a valid stored login and drops a broken one', () => {
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(signedIn));
    expect(createAuthStore(localStorage, marker(true)).get()).toEqual(signedIn);
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ ...signedIn, success: 'yes' }));
    expect(createAuthStore(localStorage, marker(true)).get()).toEqual(emptyAuthResponse());
    localStorage.removeItem(AUTH_STORAGE_KEY);
  });

  it('discards a login without "Remember me" once the browser session is gone', () => {
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ ...signedIn, rememberMe: false }));
    expect(createAuthStore(localStorage, marker(false)).get()).toEqual(emptyAuthResponse());
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  it('opens a storage given as a function when first read, and then follows other tabs', () => {
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(signedIn));
    let opened = 0;
    const store = createAuthStore(() => {
      opened += 1;
      return localStorage;
    }, marker(true));
    expect(opened).toBe(0);
    expect(store.get()).toEqual(signedIn);
    expect(store.get()).toEqual(signedIn);
    expect(opened).toBe(1);
    let heard = 0;
    store.subscribe(() => (heard += 1));
    localStorage.removeItem(AUTH_STORAGE_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: AUTH_STORAGE_KEY }));
    expect(heard).toBe(1);
    expect(store.get()).toEqual(emptyAuthResponse());
  });

  it('writes a login to a storage it has not read yet', () => {
    localStorage.removeItem(AUTH_STORAGE_KEY);
    const store = createAuthStore(() => localStorage, marker(true));
    store.set(signedIn);
    expect(JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY)!)).toEqual({ ...signedIn, rememberMe: true });
    expect(store.get()).toEqual(signedIn);
    localStorage.removeItem(AUTH_STORAGE_KEY);
  });
});
