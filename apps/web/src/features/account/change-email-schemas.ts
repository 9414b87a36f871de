import { z } from 'zod';
import { emailSchema } from '@careers/contracts/common';
import { requiredText } from '../../lib/form-rules';
import { accountMessages } from './account-messages';

/** The e-mail change's two forms: loaded when a form is first focused or submitted (docs/decisions/0220). */
export const newEmailSchema = z.object({
  newEmailAddress: requiredText({
    requiredMessage: accountMessages.enterNewEmail,
    field: 'Email',
    rule: emailSchema,
    invalidMessage: accountMessages.enterValidEmail,
  }),
});
export type NewEmailValues = z.infer<typeof newEmailSchema>;

export const codeSchema = z.object({
  otp: requiredText({ requiredMessage: accountMessages.enterCode, field: 'Verification code' }),
  currentEmailOtp: requiredText({ requiredMessage: accountMessages.enterCurrentCode, field: 'Verification code' }),
});
export type CodeValues = z.infer<typeof codeSchema>;
