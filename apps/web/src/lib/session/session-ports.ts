import type { QueryClient } from '@tanstack/react-query';
import { canLogIn } from '../api/identity/can-log-in';
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
    sendVerificationCode,
    verifyCode,
    // Only a sign-up needs these (after its submit): loaded then, to keep the pages' first JavaScript small.
    registerCandidateUser: async (input) =>
      (await import('../api/identity/register-candidate-user')).registerCandidateUser(input),
    createCandidate: async (input) => (await import('../api/candidate/create-candidate')).createCandidate(input),
    findCandidate: async () => (await import('../api/candidate/get-candidate')).findCandidate(),
    uploadCv: async (file) => (await import('../api/candidate/upload-cv')).uploadCv(file),
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
