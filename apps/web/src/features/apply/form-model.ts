/**
 * product.md §3 "Apply form model": the state of the apply-for-job page. Each step's form edits its own part;
 * the step machine keeps the whole.
 */
export interface ApplyFormModel {
  name: string;
  email: string;
  phone: string;
  postCode: string;
  verificationCode: string;
  /** Name of the CV chosen on the form step. */
  fileName: string;
  cv: File | null;
  /** E-mail typed on the login step. */
  loginEmail: string;
  /** Id of the stored CV picked on the cvSelection step. */
  selectedCv: string | null;
  /** A CV uploaded on the cvSelection step; it wins over selectedCv. */
  newCv: File | null;
  newFileName: string;
}

export const emptyApplyFormModel: ApplyFormModel = {
  name: '',
  email: '',
  phone: '',
  postCode: '',
  verificationCode: '',
  fileName: '',
  cv: null,
  loginEmail: '',
  selectedCv: null,
  newCv: null,
  newFileName: '',
};

export type ApplyDetails = Pick<ApplyFormModel, 'name' | 'email' | 'phone' | 'postCode'>;
export type LoginEmailValues = Pick<ApplyFormModel, 'loginEmail'>;
export type VerificationCodeValues = Pick<ApplyFormModel, 'verificationCode'>;
