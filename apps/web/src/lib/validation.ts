import { z } from 'zod';

/** product.md §5: the form validation default message. */
export function notValidMessage(field: string): string {
  return `${field} is not valid.`;
}

/**
 * A required text field: empty (after trimming) gives requiredMessage; otherwise the value must pass the
 * shared contract rule, else invalidMessage (default '{field} is not valid.'). Only the first failing rule
 * is reported (product.md §5).
 */
export function requiredText(options: { requiredMessage: string; field: string; rule?: z.ZodType; invalidMessage?: string }) {
  const { requiredMessage, field, rule, invalidMessage } = options;
  return z
    .string()
    .trim()
    .min(1, { error: requiredMessage, abort: true })
    .refine((value) => !rule || rule.safeParse(value).success, { error: invalidMessage ?? notValidMessage(field) });
}

/**
 * react-hook-form settings of every form (product.md §5: on blur and change, not on input): a field is first
 * checked when it loses focus, then on every change; after a submit, every field on change.
 */
export const FORM_VALIDATION_MODE = { mode: 'onTouched', reValidateMode: 'onChange', criteriaMode: 'firstError' } as const;
