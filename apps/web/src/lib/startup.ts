import type { QueryClient } from '@tanstack/react-query';
import { getCandidate } from './api/candidate/get-candidate';
import { getCvs } from './api/candidate/get-cvs';
import { toApiError } from './api-error';
import type { HttpClients } from './http-client';
import { queryKeys } from './query-keys';

/** product.md §1: the startup messages, in order. */
export const STARTUP_MESSAGES = [
  'Preparing application...',
  'Checking login status...',
  'Loading personal data...',
  'Loading job application data...',
  'Data loaded...',
] as const;
export type StartupMessage = (typeof STARTUP_MESSAGES)[number];

export interface StartupProgress {
  message: StartupMessage;
  authenticated: boolean;
  candidateLoaded: boolean;
  applicationDataLoaded: boolean;
}

/** incomplete: signed in, but the candidate record is missing (sign-up stopped before it): the user completes it. */
export type StartupOutcome = 'ready' | 'unauthenticated' | 'incomplete';

/**
 * The hook points of startup. Each step may answer 'unauthenticated' to send the user to login
 * (product.md §4: the login check fails or the candidate has no name).
 */
export interface StartupSteps {
  checkLogin(): Promise<'ok' | 'unauthenticated'>;
  loadCandidate(): Promise<'ok' | 'unauthenticated' | 'incomplete'>;
  loadApplicationData(): Promise<void>;
}

export async function runStartup(
  steps: StartupSteps,
  onProgress: (progress: StartupProgress) => void,
): Promise<StartupOutcome> {
  const progress: StartupProgress = {
    message: STARTUP_MESSAGES[0],
    authenticated: false,
    candidateLoaded: false,
    applicationDataLoaded: false,
  };
  const report = (change: Partial<StartupProgress>) => {
    Object.assign(progress, change);
    onProgress({ ...progress });
  };
  report({ message: 'Preparing application...' });
  report({ message: 'Checking login status...' });
  if ((await steps.checkLogin()) === 'unauthenticated') return 'unauthenticated';
  report({ authenticated: true, message: 'Loading personal data...' });
  const candidate = await steps.loadCandidate();
  if (candidate !== 'ok') return candidate;
  report({ candidateLoaded: true, message: 'Loading job application data...' });
  await steps.loadApplicationData();
  report({ applicationDataLoaded: true, message: 'Data loaded...' });
  return 'ready';
}

/** A service that cannot be reached (or fails) must not keep the candidate out of the portal shell. */
function isUnavailable(error: unknown): boolean {
  const status = toApiError(error).status;
  return status === undefined || status >= 500;
}

/**
 * The default steps: validate the stored session (refreshing when due), then load the candidate and the
 * CV list into the query cache, where the feature pages find them under the same keys.
 */
export function defaultStartupSteps(http: HttpClients, queryClient: QueryClient): StartupSteps {
  return {
    async checkLogin() {
      try {
        await http.session.ensureFreshAccessToken();
        return 'ok';
      } catch {
        return 'unauthenticated';
      }
    },
    async loadCandidate() {
      try {
        // GET /candidate and GET /cvs are the same queries the pages use (lib/api/candidate, one key each).
        const candidate = await queryClient.fetchQuery({
          queryKey: queryKeys.candidate,
          queryFn: getCandidate,
          staleTime: 0,
        });
        return candidate.name.trim() !== '' ? 'ok' : 'unauthenticated';
      } catch (error) {
        if (isUnavailable(error)) {
          console.warn('Candidate data could not be loaded at startup', error);
          return 'ok';
        }
        if (toApiError(error).status !== 404) return 'unauthenticated';
        // No candidate record. An access token outlives its account by up to its lifetime, so the account is
        // asked first (a refresh): a deleted one ends the session here; a live one stopped its sign-up after
        // the registration, and the user is led to complete it.
        try {
          await http.session.refresh();
        } catch {
          return 'unauthenticated';
        }
        return 'incomplete';
      }
    },
    async loadApplicationData() {
      try {
        await queryClient.fetchQuery({ queryKey: queryKeys.cvs, queryFn: getCvs, staleTime: 0 });
      } catch (error) {
        console.warn('CVs could not be loaded at startup', error);
      }
    },
  };
}
