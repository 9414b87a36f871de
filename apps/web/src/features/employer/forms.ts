import { z } from 'zod';
import { emailSchema, nameSchema, phoneSchema } from '@careers/contracts/common';
import { requiredText } from '../../lib/form-rules';

/** The employer console's forms, on the contracts' field rules. */
export const employerLoginFormSchema = z.object({
  email: requiredText({
    requiredMessage: 'Please enter a valid email',
    field: 'Email',
    rule: emailSchema,
    invalidMessage: 'Please enter a valid email',
  }),
  password: z.string().min(1, 'Please enter your password'),
});
export type EmployerLoginForm = z.infer<typeof employerLoginFormSchema>;

export const employerSignupFormSchema = z.object({
  name: requiredText({ requiredMessage: 'Please enter your name', field: 'Name', rule: nameSchema }),
  email: requiredText({ requiredMessage: 'Please enter your email', field: 'Email', rule: emailSchema }),
  phone: requiredText({ requiredMessage: 'Please enter your phone number', field: 'Phone', rule: phoneSchema }),
  businessName: requiredText({
    requiredMessage: 'Please enter the business name',
    field: 'Business name',
    rule: nameSchema,
  }),
  city: z.string().trim().max(100),
});
export type EmployerSignupForm = z.infer<typeof employerSignupFormSchema>;

export const emailFormSchema = z.object({
  email: requiredText({ requiredMessage: 'Please enter your email', field: 'Email', rule: emailSchema }),
});
export type EmailForm = z.infer<typeof emailFormSchema>;

const optionalNumberText = z
  .string()
  .trim()
  .refine(
    (value) => value === '' || (Number.isFinite(Number(value)) && Number(value) >= 0),
    'Enter a number, or leave it empty',
  );

export const jobFormSchema = z
  .object({
    title: requiredText({ requiredMessage: 'Please enter the job title', field: 'Title', rule: z.string().max(200) }),
    description: z.string().max(20000),
    city: z.string().trim().max(100),
    postcode: z.string().trim().max(20),
    jobType: z.enum(['1', '2']),
    hours: z.enum(['full', 'part', 'both']),
    workplace: z.enum(['OnSite', 'Hybrid', 'Remote']),
    salaryRateType: z.enum(['0', '1', '2', '3']),
    salaryFrom: optionalNumberText,
    salaryTo: optionalNumberText,
    salaryCurrency: z
      .string()
      .trim()
      .regex(/^([A-Za-z]{3})?$/, 'Three letters, such as GBP, or leave it empty'),
    validThrough: z.string().regex(/^(\d{4}-\d{2}-\d{2})?$/, 'A date, or leave it empty'),
  })
  // The service refuses a range that ends below its start; said here, on the field, first.
  .refine(
    (form) => form.salaryFrom === '' || form.salaryTo === '' || Number(form.salaryTo) >= Number(form.salaryFrom),
    {
      path: ['salaryTo'],
      message: 'Enter an amount no lower than Salary from',
    },
  )
  // An amount without its period or currency reads as a bare number to candidates; the service refuses it too.
  .refine((form) => !statesAmount(form) || form.salaryRateType !== '0', {
    path: ['salaryRateType'],
    message: 'Choose what the salary is per: hour, day or year',
  })
  .refine((form) => !statesAmount(form) || form.salaryCurrency.trim() !== '', {
    path: ['salaryCurrency'],
    message: 'Enter the currency of the salary, such as GBP',
  });

/** True when the form gives a salary amount (either end of the range). */
function statesAmount(form: { salaryFrom: string; salaryTo: string }): boolean {
  return form.salaryFrom.trim() !== '' || form.salaryTo.trim() !== '';
}
export type JobForm = z.infer<typeof jobFormSchema>;

export const businessFormSchema = z.object({
  name: requiredText({ requiredMessage: 'Please enter the business name', field: 'Business name', rule: nameSchema }),
  city: z.string().trim().max(100),
  phone: z.string().trim().max(40),
  domain: z.string().trim().max(100),
});
export type BusinessForm = z.infer<typeof businessFormSchema>;

export const employerCodeFormSchema = z.object({
  code: z.string().trim().min(1, 'Please enter verification code').max(32),
});
export type EmployerCodeForm = z.infer<typeof employerCodeFormSchema>;
