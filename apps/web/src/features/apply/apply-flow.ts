import type { CreateApplication, CreateApplicationResult, CreateCvDrop, Cv, Job } from '@careers/contracts/candidate';
import type { AuthResponse } from '@careers/contracts/identity';
import type { SignInPorts } from '../../lib/session/sign-in';
import type { SignUpOutcome, SignUpPorts } from '../../lib/session/sign-up';

/** The session flows load when a step is submitted, keeping the apply page's first JavaScript small. */
const signInFlow = () => import('../../lib/session/sign-in');
const signUpFlow = () => import('../../lib/session/sign-up');
import { chooseCv, type ApplyEvent, type ApplyState, type StandingApplication } from './apply-machine';
import type { ApplyDetails } from './form-model';
import { applyMessages } from './messages';
import { applicationPayload, type ApplicationTracking } from './utils/tracking';
import type { ScreeningAnswer } from '@careers/contracts/screening-values';
import { paths } from '../../lib/paths';

/** product.md §9: after a refused application from cvSelection, /applications follows after this delay. */
export const REDIRECT_AFTER_REFUSED_APPLY_MS = 2000;
export const APPLICATIONS_PATH = paths.applications;

/**
 * Everything the flow does to the outside world; the page passes the real API calls, tests pass fakes. The
 * sign-up and sign-in steps are the session layer's (lib/session), shared with the sign-up and login pages.
 */
export interface ApplyPorts extends SignUpPorts, SignInPorts {
  createJobApplication(body: CreateApplication): Promise<CreateApplicationResult>;
  createCvDrop(body: CreateCvDrop): Promise<void>;
  listCvs(): Promise<Cv[]>;
  /** The signed-in candidate's standing (not withdrawn) application to this job, or null. */
  findStandingApplication(jobId: string): Promise<StandingApplication | null>;
  hasStoredSession(): boolean;
  /** Refreshes the stored session when due; rejects when it cannot be kept. */
  ensureSession(): Promise<void>;
  notifyError(message: string): void;
  navigate(path: string): void;
  schedule(callback: () => void, delayMs: number): void;
}

/** What the candidate is sending: an application to a live job, or a CV drop to the employer of a closed one. */
export interface ApplyTarget {
  job: Pick<Job, 'id' | 'businessId' | 'isLive'>;
  tracking: ApplicationTracking;
  /** The answers to the job's screening questions (docs/decisions/0400). */
  screeningAnswers?: ScreeningAnswer[];
  /** Ticked "Keep my application for other roles" (docs/decisions/0442). */
  keepForOtherRoles?: boolean;
}

/** A step failed; message is the text shown to the candidate (product.md §8). */
export class ApplyFlowError extends Error {
  override readonly name = 'ApplyFlowError';
}

function asFlowError(error: unknown, fallback: string): ApplyFlowError {
  return error instanceof ApplyFlowError ? error : new ApplyFlowError(fallback, { cause: error });
}

type SendOutcome = { sent: true } | { sent: false; firstError: string };

/** Applies to a live job, or drops the CV with the employer of a job that is no longer live. */
async function sendCv(ports: ApplyPorts, target: ApplyTarget, cvId: string): Promise<SendOutcome> {
  if (!target.job.isLive) {
    await ports.createCvDrop({ businessId: target.job.businessId, cvId });
    return { sent: true };
  }
  const result = await ports.createJobApplication(
    applicationPayload(target.job.id, cvId, target.tracking, target.screeningAnswers, target.keepForOtherRoles),
  );
  return result.isValidResponse
    ? { sent: true }
    : { sent: false, firstError: result.errors[0] ?? applyMessages.anErrorOccurred };
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

/** Where the CV goes: the job for an application, the business for a CV drop. */
const targetKey = (target: ApplyTarget) => (target.job.isLive ? target.job.id : target.job.businessId);

/**
 * form → verification. The form is valid and a CV chosen before this is called. A new candidate is signed up
 * by the session layer, which remembers each step: a retry after a failure continues where it stopped (no
 * second registration, no second upload of the same file, no second application).
 */
export async function submitApplyForm(
  ports: ApplyPorts,
  target: ApplyTarget,
  details: ApplyDetails,
  cv: File | null,
): Promise<ApplyEvent> {
  if (!cv) throw new ApplyFlowError(applyMessages.selectYourCv);
  const [{ signUp }, { sendSignInCode }] = await Promise.all([signUpFlow(), signInFlow()]);
  let signedUp: SignUpOutcome;
  try {
    signedUp = await signUp(ports, details, cv);
  } catch (error) {
    throw asFlowError(error, applyMessages.anErrorOccurred);
  }
  try {
    if (signedUp.kind === 'existingAccount') {
      return {
        type: 'existingAccountCodeSent',
        details,
        cv,
        resendWaitSeconds: await sendSignInCode(ports, details.email),
      };
    }
    const sentTo = targetKey(target);
    if (signedUp.progress.cvSentTo !== sentTo) {
      const outcome = await sendCv(ports, target, signedUp.cvId as string);
      if (!outcome.sent) throw new ApplyFlowError(outcome.firstError);
      ports.signUpProgress.set({ ...signedUp.progress, cvSentTo: sentTo });
    }
    // The code finishes the application just sent: its e-mail names the job.
    const resendWaitSeconds = await sendSignInCode(ports, details.email, target.job.isLive ? target.job.id : undefined);
    return { type: 'newAccountCodeSent', details, cv, resendWaitSeconds };
  } catch (error) {
    throw asFlowError(error, applyMessages.anErrorOccurred);
  }
}

/** login → verification once the login check passes and a code is sent. */
export async function submitLogin(ports: ApplyPorts, loginEmail: string): Promise<ApplyEvent> {
  // product.md §8: a failed login check on the login step reads 'Invalid email address', whatever the cause.
  const { requestSignInCode, SignInError } = await signInFlow();
  let outcome;
  try {
    outcome = await requestSignInCode(ports, loginEmail);
  } catch (error) {
    throw new ApplyFlowError(
      error instanceof SignInError && error.step === 'check'
        ? applyMessages.invalidEmailAddress
        : applyMessages.anErrorOccurred,
      { cause: error },
    );
  }
  if (outcome.kind === 'noAccount') throw new ApplyFlowError(applyMessages.invalidEmailAddress);
  return { type: 'loginCodeSent', loginEmail, resendWaitSeconds: outcome.resendWaitSeconds };
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
  const { signInByCode } = await signInFlow();
  let auth: AuthResponse | null;
  try {
    auth = await signInByCode(ports, state.codeSentTo, verificationCode);
  } catch (error) {
    throw asFlowError(error, applyMessages.invalidVerificationCode);
  }
  if (!auth) throw new ApplyFlowError(applyMessages.invalidVerificationCode);
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
export async function applyWithChosenCv(
  ports: ApplyPorts,
  target: ApplyTarget,
  state: Pick<ApplyState, 'model'>,
): Promise<ApplyEvent> {
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
