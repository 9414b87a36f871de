import type { QueryClient } from '@tanstack/react-query';
import { http } from '../http-client';
import { signUpProgress } from './sign-up-progress';

/**
 * Sign out (product.md §4): the stored auth goes first (http.session.logout), then every cached answer
 * and any unfinished sign-up of this tab. Resolves once the server was told (or could not be reached).
 */
export async function signOut(queryClient: QueryClient): Promise<void> {
  const loggedOut = http.session.logout();
  queryClient.clear();
  signUpProgress.clear();
  await loggedOut;
}
