import type { QueryClient } from '@tanstack/react-query';
import { findCandidate } from '../api/candidate/get-candidate';
import { createCandidate } from '../api/candidate/create-candidate';
import { uploadCv } from '../api/candidate/upload-cv';
import { canLogIn } from '../api/identity/can-log-in';
import { registerCandidateUser } from '../api/identity/register-candidate-user';
import { sendVerificationCode } from '../api/identity/send-verification-code';
import { verifyCode } from '../api/identity/verify-code';
import { authStore, isAuthenticated } from '../auth-store';
import { queryKeys } from '../query-keys';
import type { SignInPorts } from './sign-in';
import type { SignUpPorts } from './sign-up';
import { signUpProgress } from './sign-up-progress';

export type SessionPorts = SignUpPorts & SignInPorts;

/**
 * The session flows' ports bound to the real services and the stored session. A new session drops every
 * cached answer of the previous user (candidate, CVs, applications); the public job stays.
 */
export function createSessionPorts(queryClient: QueryClient): SessionPorts {
  return {
    canLogIn,
    registerCandidateUser,
    sendVerificationCode,
    verifyCode,
    createCandidate,
    findCandidate,
    uploadCv: (file) => uploadCv(file),
    currentUser: () => {
      const auth = authStore.get();
      return isAuthenticated(auth) ? { id: String(auth.id), email: auth.email } : null;
    },
    storeSession: (auth, options) => {
      authStore.set(auth, options);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.jobRoot });
    },
    signUpProgress,
  };
}
