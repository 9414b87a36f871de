import { z } from 'zod';
import { emailSchema, nameSchema, phoneSchema, postcodeSchema } from '@careers/contracts/common';
import { requiredText } from '../../lib/validation';
import { applyMessages } from './messages';

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

/** product.md §5: required messages first; a value that breaks the shared contract rule gives '{field} is not valid.'. */
export const applyDetailsSchema = z.object({
  name: requiredText({ requiredMessage: applyMessages.enterName, field: 'Name', rule: nameSchema }),
  email: requiredText({ requiredMessage: applyMessages.enterEmail, field: 'Email', rule: emailSchema }),
  phone: requiredText({ requiredMessage: applyMessages.enterPhone, field: 'Phone', rule: phoneSchema }),
  postCode: requiredText({ requiredMessage: applyMessages.enterPostCode, field: 'Post code', rule: postcodeSchema }),
});
export type ApplyDetails = Pick<ApplyFormModel, 'name' | 'email' | 'phone' | 'postCode'>;

export const loginEmailSchema = z.object({
  loginEmail: requiredText({ requiredMessage: applyMessages.enterEmail, field: 'Email', rule: emailSchema }),
});
export type LoginEmailValues = Pick<ApplyFormModel, 'loginEmail'>;

export const verificationCodeSchema = z.object({
  verificationCode: requiredText({ requiredMessage: applyMessages.enterVerificationCode, field: 'Verification code' }),
});
export type VerificationCodeValues = Pick<ApplyFormModel, 'verificationCode'>;
