import type { CreateApplication, CreateApplicationResult, CreateCvDrop, CvUploadResult, Cv, Job } from '@careers/contracts/candidate';
import type { AuthResponse, RegistrationResult } from '@careers/contracts/identity';
import { retryAfterSeconds } from '../../lib/api-error';
import { chooseCv, type ApplyEvent, type ApplyState, type StandingApplication } from './apply-machine';
import type { ApplyDetails } from './forms';
import { applyMessages } from './messages';
import { applicationPayload, type ApplicationTracking } from './utils/tracking';

/** product.md §9: after a refused application from cvSelection, /applications follows after this delay. */
export const REDIRECT_AFTER_REFUSED_APPLY_MS = 2000;
export const APPLICATIONS_PATH = '/applications';

/** Everything the flow does to the outside world; the page passes the real API calls, tests pass fakes. */
export interface ApplyPorts {
  /** true when the e-mail has a candidate account (200), false on 404; rejects otherwise. */
  canLogIn(email: string): Promise<boolean>;
  sendVerificationCode(email: string): Promise<void>;
  /** Bot check and registration; rejects unless it succeeded. */
  registerCandidateUser(input: { name: string; email: string; phone: string }): Promise<RegistrationResult>;
  createCandidate(input: { name: string; email: string; phoneNumber: string; postcode: string }): Promise<void>;
  uploadCv(file: File): Promise<CvUploadResult>;
  createJobApplication(body: CreateApplication): Promise<CreateApplicationResult>;
  createCvDrop(body: CreateCvDrop): Promise<void>;
  /** Bot check and code verification: the login result when the answer is truthy, else null. */
  verifyCode(email: string, code: string): Promise<AuthResponse | null>;
  listCvs(): Promise<Cv[]>;
  /** The signed-in candidate's standing (not withdrawn) application to this job, or null. */
  findStandingApplication(jobId: string): Promise<StandingApplication | null>;
  hasStoredSession(): boolean;
  /** Refreshes the stored session when due; rejects when it cannot be kept. */
  ensureSession(): Promise<void>;
  storeSession(auth: AuthResponse): void;
  notifyError(message: string): void;
  navigate(path: string): void;
  schedule(callback: () => void, delayMs: number): void;
}

/** What the candidate is sending: an application to a live job, or a CV drop to the employer of a closed one. */
export interface ApplyTarget {
  job: Pick<Job, 'id' | 'businessId' | 'isLive'>;
  tracking: ApplicationTracking;
}

/** A step failed; message is the text shown to the candidate (product.md §8). */
export class ApplyFlowError extends Error {
  override readonly name = 'ApplyFlowError';
}

function asFlowError(error: unknown, fallback: string): ApplyFlowError {
  return error instanceof ApplyFlowError ? error : new ApplyFlowError(fallback, { cause: error });
}

/** Sends the code; a rate-limited send (429) means a code went out recently, so the step goes on and 'Resend' waits. */
async function sendCode(ports: ApplyPorts, email: string): Promise<number> {
  try {
    await ports.sendVerificationCode(email);
    return 0;
  } catch (error) {
    const wait = retryAfterSeconds(error);
    if (wait !== null) return wait;
    throw error;
  }
}

type SendOutcome = { sent: true } | { sent: false; firstError: string };

/** Applies to a live job, or drops the CV with the employer of a job that is no longer live. */
async function sendCv(ports: ApplyPorts, target: ApplyTarget, cvId: string): Promise<SendOutcome> {
  if (!target.job.isLive) {
    await ports.createCvDrop({ businessId: target.job.businessId, cvId });
    return { sent: true };
  }
  const result = await ports.createJobApplication(applicationPayload(target.job.id, cvId, target.tracking));
  return result.isValidResponse ? { sent: true } : { sent: false, firstError: result.errors[0] ?? applyMessages.anErrorOccurred };
}

/**
 * Whether the candidate already applied (issue 12 item 5), asked beside the CVs. Only a hint for the page:
 * when the question fails the page offers Apply, and the service's refusal stays the last guard.
 */
function standingApplication(ports: ApplyPorts, jobId: string | undefined): Promise<StandingApplication | null> {
  return jobId ? ports.findStandingApplication(jobId).catch(() => null) : Promise.resolve(null);
}

/**
 * Start (product.md §4): with a stored session, validate it, load the CVs and go to cvSelection; otherwise stay
 * on the form. With the job's id it also finds the candidate's standing application to it.
 */
export async function restoreStoredSession(ports: ApplyPorts, jobId?: string): Promise<ApplyEvent | null> {
  if (!ports.hasStoredSession()) return null;
  try {
    await ports.ensureSession();
    const [cvs, standing] = await Promise.all([ports.listCvs(), standingApplication(ports, jobId)]);
    return { type: 'storedSessionRestored', cvs, standingApplication: standing };
  } catch {
    return null;
  }
}

/** form → verification. The form is valid and a CV chosen before this is called. */
export async function submitApplyForm(ports: ApplyPorts, target: ApplyTarget, details: ApplyDetails, cv: File | null): Promise<ApplyEvent> {
  if (!cv) throw new ApplyFlowError(applyMessages.selectYourCv);
  let hasAccount: boolean;
  try {
    hasAccount = await ports.canLogIn(details.email);
  } catch (error) {
    throw asFlowError(error, applyMessages.anErrorOccurred);
  }
  if (hasAccount) {
    try {
      return { type: 'existingAccountCodeSent', details, cv, resendWaitSeconds: await sendCode(ports, details.email) };
    } catch (error) {
      throw asFlowError(error, applyMessages.anErrorOccurred);
    }
  }
  try {
    const registration = await ports.registerCandidateUser({ name: details.name, email: details.email, phone: details.phone });
    // The registration's tokens are the session for the calls that follow (product.md §4).
    ports.storeSession({
      id: registration.userId ?? '',
      name: details.name,
      email: details.email,
      phone: details.phone,
      accessToken: registration.accessToken,
      refreshToken: registration.refreshToken,
      refreshTokenExpiryTime: null,
      success: true,
      feedbackMessage: null,
    });
    await ports.createCandidate({ name: details.name, email: details.email, phoneNumber: details.phone, postcode: details.postCode });
    const { cvId } = await ports.uploadCv(cv);
    const outcome = await sendCv(ports, target, cvId);
    if (!outcome.sent) throw new ApplyFlowError(outcome.firstError);
    return { type: 'newAccountCodeSent', details, cv, resendWaitSeconds: await sendCode(ports, details.email) };
  } catch (error) {
    throw asFlowError(error, applyMessages.anErrorOccurred);
  }
}

/** login → verification once the login check passes and a code is sent. */
export async function submitLogin(ports: ApplyPorts, loginEmail: string): Promise<ApplyEvent> {
  // product.md §8: a failed login check on the login step reads 'Invalid email address', whatever the cause.
  const hasAccount = await ports.canLogIn(loginEmail).catch(() => false);
  if (!hasAccount) throw new ApplyFlowError(applyMessages.invalidEmailAddress);
  try {
    return { type: 'loginCodeSent', loginEmail, resendWaitSeconds: await sendCode(ports, loginEmail) };
  } catch (error) {
    throw asFlowError(error, applyMessages.anErrorOccurred);
  }
}

/**
 * verification → success (mode new) or, once the CVs are loaded, cvSelection (mode existing); with the job's
 * id, a standing application to it is found too.
 */
export async function submitVerification(
  ports: ApplyPorts,
  state: Pick<ApplyState, 'mode' | 'codeSentTo'>,
  verificationCode: string,
  jobId?: string,
): Promise<ApplyEvent> {
  let auth: AuthResponse | null;
  try {
    auth = await ports.verifyCode(state.codeSentTo, verificationCode);
  } catch (error) {
    throw asFlowError(error, applyMessages.invalidVerificationCode);
  }
  if (!auth) throw new ApplyFlowError(applyMessages.invalidVerificationCode);
  ports.storeSession(auth);
  if (state.mode === 'new') return { type: 'codeVerified', verificationCode };
  try {
    const [cvs, standing] = await Promise.all([ports.listCvs(), standingApplication(ports, jobId)]);
    return { type: 'codeVerified', verificationCode, cvs, standingApplication: standing };
  } catch (error) {
    throw asFlowError(error, applyMessages.anErrorOccurred);
  }
}

/**
 * cvSelection → success after Apply. A refused application (not valid) toasts the first server error and
 * sends the candidate to /applications after 2 seconds.
 */
export async function applyWithChosenCv(ports: ApplyPorts, target: ApplyTarget, state: Pick<ApplyState, 'model'>): Promise<ApplyEvent> {
  const choice = chooseCv(state.model);
  if (!choice) throw new ApplyFlowError(applyMessages.selectOrUploadCv);
  try {
    const cvId = choice.kind === 'upload' ? (await ports.uploadCv(choice.file)).cvId : choice.cvId;
    const outcome = await sendCv(ports, target, cvId);
    if (outcome.sent) return { type: 'applied' };
    ports.notifyError(outcome.firstError);
    ports.schedule(() => ports.navigate(APPLICATIONS_PATH), REDIRECT_AFTER_REFUSED_APPLY_MS);
    return { type: 'applyRejected' };
  } catch (error) {
    throw asFlowError(error, applyMessages.anErrorOccurred);
  }
}
