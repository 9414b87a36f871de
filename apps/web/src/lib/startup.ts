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

/**
 * Every step's request starts at once (on a phone each round trip is ~150 ms, so one after another they
 * were most of the dashboard's wait); the progress still reads in the spec's order, each step reported as
 * its answer is in. `prefetchPage` loads what the page being opened shows, in the same round trip, so that
 * the page renders complete when startup ends instead of showing a spinner of its own.
 */
export async function runStartup(
  steps: StartupSteps,
  onProgress: (progress: StartupProgress) => void,
  prefetchPage: () => Promise<unknown> = async () => undefined,
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
  const login = steps.checkLogin();
  const candidate = steps.loadCandidate();
  const applicationData = steps.loadApplicationData();
  // The page's data is its own concern: a failure shows on the page, not here.
  const page = Promise.resolve()
    .then(prefetchPage)
    .catch(() => undefined);
  // Answers nobody waits for once startup stops early must not count as unhandled failures.
  for (const pending of [candidate, applicationData]) pending.catch(() => undefined);
  if ((await login) === 'unauthenticated') return 'unauthenticated';
  report({ authenticated: true, message: 'Loading personal data...' });
  const candidateOutcome = await candidate;
  if (candidateOutcome !== 'ok') return candidateOutcome;
  report({ candidateLoaded: true, message: 'Loading job application data...' });
  await applicationData;
  await page;
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
