import type { Candidate, CvUploadResult } from '@careers/contracts/candidate';
import type { AuthResponse, RegistrationResult } from '@careers/contracts/identity';
import { fileKey, type SignUpProgress, type SignUpProgressStore } from './sign-up-progress';

/**
 * The one candidate sign-up (product.md §7), used by the sign-up page and the apply page: the login check;
 * only when the address has no account, the bot check and registration (its tokens become the session),
 * the candidate record, and the CV when one was chosen. Every step done is remembered, so a retry after
 * a failure (a refused CV, a lost connection) continues where it stopped: it does not register again,
 * which would fail with 'Invalid email address' (issue 12 item 7). A signed-in user whose candidate record
 * is missing continues the same way.
 */
export interface SignUpPorts {
  /** true when the e-mail has a candidate account (200), false on 404; rejects otherwise. */
  canLogIn(email: string): Promise<boolean>;
  /** Bot check and registration; rejects unless it succeeded. */
  registerCandidateUser(input: { name: string; email: string; phone: string }): Promise<RegistrationResult>;
  storeSession(auth: AuthResponse, options?: { remember?: boolean }): void;
  /** The signed-in user (id and e-mail), or null. */
  currentUser(): { id: string; email: string | null } | null;
  /** GET /candidate: the record, or null when there is none (404). */
  findCandidate(): Promise<Candidate | null>;
  createCandidate(input: { name: string; email: string; phoneNumber: string; postcode: string }): Promise<void>;
  uploadCv(file: File): Promise<CvUploadResult>;
  signUpProgress: SignUpProgressStore;
}

export interface SignUpDetails {
  name: string;
  email: string;
  phone: string;
  postCode: string;
}

/** The step that failed: the caller words the message (the two pages use SPEC's different texts). */
export type SignUpStep = 'check' | 'register' | 'candidate' | 'cv';

export class SignUpError extends Error {
  override readonly name = 'SignUpError';
  constructor(
    readonly step: SignUpStep,
    cause: unknown,
  ) {
    super(`Sign-up failed at step ${step}`, { cause });
  }
}

export type SignUpOutcome =
  /** The address already has an account (and this is not a sign-up to continue): nothing was made. */
  | { kind: 'existingAccount' }
  /** The account, its candidate record and the CV (when chosen) exist; the session is the new user's. */
  | { kind: 'signedUp'; cvId: string | null; resumed: boolean; progress: SignUpProgress };

const sameEmail = (a: string | null | undefined, b: string) =>
  (a ?? '').trim().toLowerCase() === b.trim().toLowerCase();

async function step<T>(name: SignUpStep, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new SignUpError(name, error);
  }
}

/** A sign-up to continue: this tab's unfinished one for this address, or a signed-in user without a candidate record. */
async function progressToContinue(ports: SignUpPorts, email: string): Promise<SignUpProgress | null> {
  const user = ports.currentUser();
  if (!user || !sameEmail(user.email, email)) return null;
  const stored = ports.signUpProgress.get();
  if (stored && stored.userId === user.id && sameEmail(stored.email, email)) return stored;
  const candidate = await step('check', () => ports.findCandidate());
  return candidate
    ? null
    : { userId: user.id, email: user.email ?? email, candidateCreated: false, cv: null, cvSentTo: null };
}

export async function signUp(ports: SignUpPorts, details: SignUpDetails, cv: File | null): Promise<SignUpOutcome> {
  let progress = await progressToContinue(ports, details.email);
  const resumed = progress !== null;
  if (!progress) {
    if (await step('check', () => ports.canLogIn(details.email))) return { kind: 'existingAccount' };
    const registration = await step('register', () =>
      ports.registerCandidateUser({ name: details.name, email: details.email, phone: details.phone }),
    );
    const userId = registration.userId ?? '';
    // The registration's tokens are the session for the calls that follow (product.md §4).
    ports.storeSession({
      id: userId,
      name: details.name,
      email: details.email,
      phone: details.phone,
      accessToken: registration.accessToken,
      refreshToken: registration.refreshToken,
      refreshTokenExpiryTime: null,
      success: true,
      feedbackMessage: null,
    });
    progress = { userId, email: details.email, candidateCreated: false, cv: null, cvSentTo: null };
    ports.signUpProgress.set(progress);
  }
  if (!progress.candidateCreated) {
    await step('candidate', () =>
      ports.createCandidate({
        name: details.name,
        email: details.email,
        phoneNumber: details.phone,
        postcode: details.postCode,
      }),
    );
    progress = { ...progress, candidateCreated: true };
    ports.signUpProgress.set(progress);
  }
  let cvId: string | null = null;
  if (cv) {
    const key = fileKey(cv);
    if (progress.cv?.key === key) {
      cvId = progress.cv.cvId;
    } else {
      cvId = (await step('cv', () => ports.uploadCv(cv))).cvId;
      progress = { ...progress, cv: { key, cvId }, cvSentTo: null };
      ports.signUpProgress.set(progress);
    }
  }
  return { kind: 'signedUp', cvId, resumed, progress };
}
