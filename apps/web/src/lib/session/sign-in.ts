import type { AuthResponse } from '@careers/contracts/identity';
import { retryAfterSeconds } from '../api-error';
import { noteResendWait } from '../resend-clock';
import type { SignUpProgressStore } from './sign-up-progress';

/** Sign-in by e-mailed code: the login check and the code, then the code's verification. */
export interface SignInPorts {
  canLogIn(email: string): Promise<boolean>;
  /** Answers the seconds until another code may be asked for (0, or nothing, when at once). */
  sendVerificationCode(email: string, jobId?: string): Promise<number | void>;
  /** Bot check and code verification: the login result when the answer is truthy, else null. */
  verifyCode(email: string, code: string): Promise<AuthResponse | null>;
  storeSession(auth: AuthResponse, options?: { remember?: boolean }): void;
  signUpProgress: SignUpProgressStore;
}

export type SignInStep = 'check' | 'send';

export class SignInError extends Error {
  override readonly name = 'SignInError';
  constructor(
    readonly step: SignInStep,
    cause: unknown,
  ) {
    super(`Sign-in failed at step ${step}`, { cause });
  }
}

/**
 * Sends the code; a rate-limited send (429) means a code went out moments ago, so the caller goes on and
 * 'Resend' waits: answers the seconds to wait (after a send now, the wait the service gives for the next).
 */
export async function sendSignInCode(
  ports: Pick<SignInPorts, 'sendVerificationCode'>,
  email: string,
  /** The job whose application the code finishes: the e-mail names it. */
  jobId?: string,
): Promise<number> {
  let wait: number;
  try {
    wait = (await (jobId ? ports.sendVerificationCode(email, jobId) : ports.sendVerificationCode(email))) || 0;
  } catch (error) {
    const refusedFor = retryAfterSeconds(error);
    if (refusedFor === null) throw new SignInError('send', error);
    wait = refusedFor;
  }
  // Another page's Resend (the confirm banner) waits as well (decision 0291).
  noteResendWait(email, wait);
  return wait;
}

export type SignInCodeOutcome = { kind: 'noAccount' } | { kind: 'codeSent'; resendWaitSeconds: number };

/** Step 1: the login check, then the code by e-mail. A failed check or send rejects with SignInError. */
export async function requestSignInCode(
  ports: Pick<SignInPorts, 'canLogIn' | 'sendVerificationCode'>,
  email: string,
): Promise<SignInCodeOutcome> {
  let hasAccount: boolean;
  try {
    hasAccount = await ports.canLogIn(email);
  } catch (error) {
    throw new SignInError('check', error);
  }
  if (!hasAccount) return { kind: 'noAccount' };
  return { kind: 'codeSent', resendWaitSeconds: await sendSignInCode(ports, email) };
}

/**
 * Step 2: verifies the code and makes its answer the session (a finished sign-up is forgotten). Answers
 * the session, or null when the code was not accepted; a failed call rejects.
 */
export async function signInByCode(
  ports: Pick<SignInPorts, 'verifyCode' | 'storeSession' | 'signUpProgress'>,
  email: string,
  code: string,
  options?: { remember?: boolean },
): Promise<AuthResponse | null> {
  const auth = await ports.verifyCode(email, code);
  if (!auth) return null;
  if (options) ports.storeSession(auth, options);
  else ports.storeSession(auth);
  ports.signUpProgress.clear();
  return auth;
}
