import type { QueryClient } from '@tanstack/react-query';
import { authStore, isAuthenticated } from '../../lib/auth-store';
import { http } from '../../lib/http-client';
import { notifyError } from '../../lib/toast';
import type { ApplyPorts } from './apply-flow';
import { canLogIn } from './api/can-log-in';
import { createCandidate } from '../../lib/api/create-candidate';
import { createCvDrop } from './api/create-cv-drop';
import { createJobApplication } from './api/create-job-application';
import { getCvs } from './api/get-cvs';
import { registerCandidateUser } from '../../lib/api/register-candidate-user';
import { sendVerificationCode } from '../../lib/api/send-verification-code';
import { uploadCv } from '../../lib/api/upload-cv';
import { verifyCode } from '../../lib/api/verify-code';
import { JOB_QUERY_ROOT } from './api/get-job';

/** The flow's ports bound to the real services, the stored session and the router. */
export function createApplyPorts(options: { navigate: (path: string) => void; queryClient: QueryClient }): ApplyPorts {
  const { navigate, queryClient } = options;
  return {
    canLogIn,
    sendVerificationCode,
    registerCandidateUser,
    createCandidate,
    uploadCv,
    createJobApplication,
    createCvDrop,
    verifyCode,
    listCvs: getCvs,
    // Asked only by a signed-in visit, after the page is interactive: loaded then, outside the apply page's budget.
    findStandingApplication: async (jobId) => (await import('./api/find-standing-application')).findStandingApplication(jobId),
    hasStoredSession: () => isAuthenticated(authStore.get()),
    ensureSession: async () => {
      await http.session.ensureFreshAccessToken();
    },
    storeSession: (auth) => {
      authStore.set(auth);
      // Another user's cached data (candidate, CVs, applications) must not show; the job stays.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== JOB_QUERY_ROOT });
    },
    notifyError,
    navigate,
    schedule: (callback, delayMs) => {
      window.setTimeout(callback, delayMs);
    },
  };
}
