import type { QueryClient } from '@tanstack/react-query';
import { authStore, isAuthenticated } from '../../lib/auth-store';
import { http } from '../../lib/http-client';
import { notifyError } from '../../lib/toast';
import type { ApplyPorts } from './apply-flow';
import { canLogIn } from '../../lib/api/identity/can-log-in';
import { createCandidate } from '../../lib/api/candidate/create-candidate';
import { createCvDrop } from '../../lib/api/candidate/create-cv-drop';
import { createJobApplication } from '../../lib/api/candidate/create-job-application';
import { getCvs } from '../../lib/api/candidate/get-cvs';
import { registerCandidateUser } from '../../lib/api/identity/register-candidate-user';
import { sendVerificationCode } from '../../lib/api/identity/send-verification-code';
import { uploadCv } from '../../lib/api/candidate/upload-cv';
import { verifyCode } from '../../lib/api/identity/verify-code';
import { queryKeys } from '../../lib/query-keys';

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
    // GET /cvs through the cache, so the CVs page and startup share the answer (one query, one key).
    listCvs: async () => {
      const { cvs } = await queryClient.fetchQuery({ queryKey: queryKeys.cvs, queryFn: getCvs, staleTime: 0 });
      return [...cvs].sort((a, b) => Date.parse(b.createdOn) - Date.parse(a.createdOn));
    },
    hasStoredSession: () => isAuthenticated(authStore.get()),
    ensureSession: async () => {
      await http.session.ensureFreshAccessToken();
    },
    storeSession: (auth) => {
      authStore.set(auth);
      // Another user's cached data (candidate, CVs, applications) must not show; the job stays.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.jobRoot });
    },
    notifyError,
    navigate,
    schedule: (callback, delayMs) => {
      window.setTimeout(callback, delayMs);
    },
  };
}
