import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '@careers/contracts/identity-values';

/** The welcome link's page: the password and its confirmation, with the candidate reset page's rules and words. */
export const setPasswordFormSchema = z
  .object({
    password: z
      .string()
      .min(1, { error: 'Please enter a new password', abort: true })
      .min(MIN_PASSWORD_LENGTH, { error: `Password must be at least ${MIN_PASSWORD_LENGTH} characters` }),
    confirmPassword: z.string().min(1, { error: 'Please confirm your password' }),
  })
  .refine((values) => values.password === values.confirmPassword, {
    error: 'Passwords must match',
    path: ['confirmPassword'],
  });
export type SetPasswordForm = z.infer<typeof setPasswordFormSchema>;
