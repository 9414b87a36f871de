import { useSyncExternalStore } from 'react';
import { authStore, isAuthenticated } from './auth-store';

/** The current auth response; re-renders on login, refresh and logout (also from other tabs). */
export function useAuth() {
  const auth = useSyncExternalStore(authStore.subscribe, authStore.get, authStore.get);
  return { auth, isAuthenticated: isAuthenticated(auth) };
}
