import { z } from 'zod';
import { emailSchema, nameSchema, phoneSchema, postcodeSchema } from '@careers/contracts/common';
import { MIN_PASSWORD_LENGTH } from '@careers/contracts/identity-values';
import { requiredText } from '../../lib/form-rules';
import { authMessages } from './messages';

/** Form models of the authentication pages. Field rules come from the shared contracts; messages from product.md §5. */

export const loginEmailFormSchema = z.object({
  email: requiredText({
    requiredMessage: authMessages.enterValidEmail,
    field: 'Email',
    rule: emailSchema,
    invalidMessage: authMessages.enterValidEmail,
  }),
});
export type LoginEmailForm = z.infer<typeof loginEmailFormSchema>;

export function verificationFormSchema(emptyCodeMessage: string) {
  return z.object({
    code: requiredText({ requiredMessage: emptyCodeMessage, field: 'Verification code' }),
    rememberMe: z.boolean(),
  });
}
export type VerificationForm = z.infer<ReturnType<typeof verificationFormSchema>>;

export const signupFormSchema = z.object({
  name: requiredText({ requiredMessage: authMessages.enterName, field: 'Name', rule: nameSchema }),
  email: requiredText({ requiredMessage: authMessages.enterEmail, field: 'Email', rule: emailSchema }),
  phone: requiredText({ requiredMessage: authMessages.enterPhone, field: 'Phone', rule: phoneSchema }),
  postCode: requiredText({ requiredMessage: authMessages.enterPostCode, field: 'Post code', rule: postcodeSchema }),
});
export type SignupForm = z.infer<typeof signupFormSchema>;

export const forgotPasswordFormSchema = z.object({
  email: requiredText({ requiredMessage: authMessages.enterEmail, field: 'Email', rule: emailSchema }),
});
export type ForgotPasswordForm = z.infer<typeof forgotPasswordFormSchema>;

export const resetPasswordFormSchema = z
  .object({
    password: z
      .string()
      .min(1, { error: 'Please enter a new password', abort: true })
      .min(MIN_PASSWORD_LENGTH, { error: `Password must be at least ${MIN_PASSWORD_LENGTH} characters` }),
    confirmPassword: z.string().min(1, { error: 'Please confirm your password' }),
  })
  .refine((values) => values.password === values.confirmPassword, {
    error: authMessages.passwordsMustMatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;
