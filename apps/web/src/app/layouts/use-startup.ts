import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http-client';
import { dropEarlyAnswers } from '../../lib/early-answers';
import { queryKeys } from '../../lib/query-keys';
import {
  defaultStartupSteps,
  runStartup,
  STARTUP_MESSAGES,
  type StartupOutcome,
  type StartupProgress,
} from '../../lib/startup';

const INITIAL_PROGRESS: StartupProgress = {
  message: STARTUP_MESSAGES[0],
  authenticated: false,
  candidateLoaded: false,
  applicationDataLoaded: false,
};

/**
 * Runs startup once per signed-in user (cached until logout clears the query cache); `prefetchPage` loads
 * the data of the page being opened alongside it.
 */
export function useStartup(
  userId: string,
  prefetchPage?: () => Promise<unknown>,
): { progress: StartupProgress; outcome: StartupOutcome | undefined } {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState(INITIAL_PROGRESS);
  const startup = useQuery({
    queryKey: queryKeys.startup(userId),
    // The answers the page's HTML asked for are startup's alone (lib/early-answers.ts): none is used later.
    queryFn: () =>
      runStartup(defaultStartupSteps(http, queryClient), setProgress, prefetchPage).finally(dropEarlyAnswers),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
  return { progress, outcome: startup.isError ? 'unauthenticated' : startup.data };
}
