import type { Cv } from '@careers/contracts/candidate';
import { emptyApplyFormModel, type ApplyDetails, type ApplyFormModel } from './form-model';

/** product.md §2/§4: the steps of the apply-for-job page. */
export type ApplyStep = 'form' | 'login' | 'verification' | 'success' | 'cvSelection';
/** new: the account is created on the form; existing: the candidate signs in and picks a CV. */
export type ApplyMode = 'new' | 'existing';

/** The signed-in candidate's application to this job that stands (not withdrawn), found on arrival (issue 12 item 5). */
export interface StandingApplication {
  id: string;
  appliedOn: string;
}

export interface ApplyState {
  step: ApplyStep;
  mode: ApplyMode;
  model: ApplyFormModel;
  /** The candidate's CVs, shown on cvSelection. */
  cvs: Cv[];
  /** Where the one-time code went. */
  codeSentTo: string;
  /** The form found an account for the e-mail (product.md §4 notice on the verification step). */
  existingAccountNotice: boolean;
  /** Seconds until 'Resend' may be used, when the code send was rate limited (design.md §3). */
  resendWaitSeconds: number;
  /** The application was refused; the page is on its way to /applications. */
  redirecting: boolean;
  /** Set on cvSelection when the candidate already applied to this job: the page says so instead of offering Apply. */
  standingApplication: StandingApplication | null;
}

export type ApplyEvent =
  /** Start: a stored session was validated and the CVs loaded. */
  | { type: 'storedSessionRestored'; cvs: Cv[]; standingApplication?: StandingApplication | null }
  /** form → login ('Login'). */
  | { type: 'loginChosen' }
  /** login → form ('Sign up'). */
  | { type: 'signUpChosen' }
  /** form → verification, mode existing: the login check found the account and a code was sent. */
  | { type: 'existingAccountCodeSent'; details: ApplyDetails; cv: File; resendWaitSeconds: number }
  /** form → verification, mode new: account, candidate, CV and application made, code sent. */
  | { type: 'newAccountCodeSent'; details: ApplyDetails; cv: File; resendWaitSeconds: number }
  /** login → verification: the login check passed and a code was sent. */
  | { type: 'loginCodeSent'; loginEmail: string; resendWaitSeconds: number }
  /** verification, mode new: the account moved to a corrected address and a new code went there (issue 12 item 1). */
  | { type: 'addressCorrected'; email: string }
  /** verification → success (mode new) or cvSelection with the loaded CVs (mode existing). */
  | { type: 'codeVerified'; verificationCode: string; cvs?: Cv[]; standingApplication?: StandingApplication | null }
  /** cvSelection edits. */
  | { type: 'cvSelected'; cvId: string }
  | { type: 'newCvChosen'; file: File | null }
  /** cvSelection → success. */
  | { type: 'applied' }
  /** cvSelection: the application was not valid; the first error is shown and /applications follows. */
  | { type: 'applyRejected' }
  /** Logout: back to a clean form. */
  | { type: 'loggedOut' };

export function initialApplyState(): ApplyState {
  return {
    step: 'form',
    mode: 'new',
    model: emptyApplyFormModel,
    cvs: [],
    codeSentTo: '',
    existingAccountNotice: false,
    resendWaitSeconds: 0,
    redirecting: false,
    standingApplication: null,
  };
}

function withCvs(state: ApplyState, cvs: Cv[]): ApplyState {
  // The most recent CV is picked for the candidate; they can change it.
  const keep =
    state.model.selectedCv && cvs.some((cv) => cv.id === state.model.selectedCv)
      ? state.model.selectedCv
      : (cvs[0]?.id ?? null);
  return { ...state, step: 'cvSelection', cvs, model: { ...state.model, selectedCv: keep } };
}

/** product.md §4 "Apply-for-job flow" as a pure transition function. Events that do not apply to the current step are ignored. */
export function applyReducer(state: ApplyState, event: ApplyEvent): ApplyState {
  switch (event.type) {
    case 'storedSessionRestored':
      return state.step === 'form'
        ? withCvs({ ...state, mode: 'existing', standingApplication: event.standingApplication ?? null }, event.cvs)
        : state;
    case 'loginChosen':
      return state.step === 'form' ? { ...state, step: 'login', mode: 'existing' } : state;
    case 'signUpChosen':
      return state.step === 'login' ? { ...state, step: 'form', mode: 'new' } : state;
    case 'existingAccountCodeSent':
      if (state.step !== 'form') return state;
      return {
        ...state,
        step: 'verification',
        mode: 'existing',
        // The CV picked on the form comes along as the new upload of cvSelection, where it can be changed.
        model: {
          ...state.model,
          ...event.details,
          cv: event.cv,
          fileName: event.cv.name,
          newCv: event.cv,
          newFileName: event.cv.name,
        },
        codeSentTo: event.details.email,
        existingAccountNotice: true,
        resendWaitSeconds: event.resendWaitSeconds,
      };
    case 'newAccountCodeSent':
      if (state.step !== 'form') return state;
      return {
        ...state,
        step: 'verification',
        mode: 'new',
        model: { ...state.model, ...event.details, cv: event.cv, fileName: event.cv.name },
        codeSentTo: event.details.email,
        existingAccountNotice: false,
        resendWaitSeconds: event.resendWaitSeconds,
      };
    case 'loginCodeSent':
      if (state.step !== 'login') return state;
      return {
        ...state,
        step: 'verification',
        mode: 'existing',
        model: { ...state.model, loginEmail: event.loginEmail },
        codeSentTo: event.loginEmail,
        existingAccountNotice: false,
        resendWaitSeconds: event.resendWaitSeconds,
      };
    case 'addressCorrected':
      if (state.step !== 'verification' || state.mode !== 'new') return state;
      return { ...state, model: { ...state.model, email: event.email }, codeSentTo: event.email, resendWaitSeconds: 0 };
    case 'codeVerified': {
      if (state.step !== 'verification') return state;
      const verified = { ...state, model: { ...state.model, verificationCode: event.verificationCode } };
      if (state.mode === 'new') return { ...verified, step: 'success' };
      return withCvs({ ...verified, standingApplication: event.standingApplication ?? null }, event.cvs ?? []);
    }
    case 'cvSelected':
      // Picking a stored CV is an explicit choice: it drops a pending upload, which would otherwise win.
      return state.step === 'cvSelection'
        ? { ...state, model: { ...state.model, selectedCv: event.cvId, newCv: null, newFileName: '' } }
        : state;
    case 'newCvChosen':
      return state.step === 'cvSelection'
        ? { ...state, model: { ...state.model, newCv: event.file, newFileName: event.file?.name ?? '' } }
        : state;
    case 'applied':
      return state.step === 'cvSelection' ? { ...state, step: 'success' } : state;
    case 'applyRejected':
      return state.step === 'cvSelection' ? { ...state, redirecting: true } : state;
    case 'loggedOut':
      return initialApplyState();
  }
}

export type CvChoice = { kind: 'upload'; file: File } | { kind: 'stored'; cvId: string };

/** product.md §4: a new upload takes precedence over a selected CV; null when neither is there. */
export function chooseCv(model: Pick<ApplyFormModel, 'selectedCv' | 'newCv'>): CvChoice | null {
  if (model.newCv) return { kind: 'upload', file: model.newCv };
  if (model.selectedCv) return { kind: 'stored', cvId: model.selectedCv };
  return null;
}
