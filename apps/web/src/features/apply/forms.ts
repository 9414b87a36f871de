import { z } from 'zod';
import { emailSchema, nameSchema, phoneSchema, postcodeSchema } from '@careers/contracts/common';
import { requiredText } from '../../lib/form-rules';
import { applyMessages } from './messages';

/** The schemas of the apply page's forms: loaded when a form is first focused or submitted (docs/decisions/0220). */
export {
  emptyApplyFormModel,
  type ApplyDetails,
  type ApplyFormModel,
  type LoginEmailValues,
  type VerificationCodeValues,
} from './form-model';

/** product.md §5: required messages first; a value that breaks the shared contract rule gives '{field} is not valid.'. */
export const applyDetailsSchema = z.object({
  name: requiredText({ requiredMessage: applyMessages.enterName, field: 'Name', rule: nameSchema }),
  email: requiredText({ requiredMessage: applyMessages.enterEmail, field: 'Email', rule: emailSchema }),
  phone: requiredText({ requiredMessage: applyMessages.enterPhone, field: 'Phone', rule: phoneSchema }),
  postCode: requiredText({ requiredMessage: applyMessages.enterPostCode, field: 'Post code', rule: postcodeSchema }),
});

export const loginEmailSchema = z.object({
  loginEmail: requiredText({ requiredMessage: applyMessages.enterEmail, field: 'Email', rule: emailSchema }),
});

export const verificationCodeSchema = z.object({
  verificationCode: requiredText({ requiredMessage: applyMessages.enterVerificationCode, field: 'Verification code' }),
});
