import type { QueryClient } from '@tanstack/react-query';
import { authStore, isAuthenticated } from '../../lib/auth-store';
import { http } from '../../lib/http-client';
import { notifyError } from '../../lib/toast';
import { createCvDrop } from '../../lib/api/candidate/create-cv-drop';
import { createJobApplication } from '../../lib/api/candidate/create-job-application';
import { getCvs } from '../../lib/api/candidate/get-cvs';
import { queryKeys } from '../../lib/query-keys';
import { createSessionPorts } from '../../lib/session/session-ports';
import type { ApplyPorts } from './apply-flow';

/** The flow's ports bound to the real services, the stored session (lib/session) and the router. */
export function createApplyPorts(options: { navigate: (path: string) => void; queryClient: QueryClient }): ApplyPorts {
  const { navigate, queryClient } = options;
  return {
    ...createSessionPorts(queryClient),
    createJobApplication,
    createCvDrop,
    // GET /cvs through the cache, so the CVs page and startup share the answer (one query, one key).
    listCvs: async () => {
      const { cvs } = await queryClient.fetchQuery({ queryKey: queryKeys.cvs, queryFn: getCvs, staleTime: 0 });
      return [...cvs].sort((a, b) => Date.parse(b.createdOn) - Date.parse(a.createdOn));
    },
    // Asked only by a signed-in visit, after the page is interactive: loaded then, outside the apply page's budget.
    findStandingApplication: async (jobId) =>
      (await import('./api/find-standing-application')).findStandingApplication(jobId),
    hasStoredSession: () => isAuthenticated(authStore.get()),
    ensureSession: async () => {
      await http.session.ensureFreshAccessToken();
    },
    notifyError,
    navigate,
    schedule: (callback, delayMs) => {
      window.setTimeout(callback, delayMs);
    },
  };
}
