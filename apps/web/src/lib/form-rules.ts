import { z } from 'zod';

/*
 * The building blocks of the forms' zod schemas. Only schema modules import this (each loaded through
 * lib/schemas.ts when its form is first focused or submitted), so it is never part of a first load.
 */

/** product.md §5: the form validation default message. */
export function notValidMessage(field: string): string {
  return `${field} is not valid.`;
}

/**
 * A required text field: empty (after trimming) gives requiredMessage; otherwise the value must pass the
 * shared contract rule, else invalidMessage (default '{field} is not valid.'). Only the first failing rule
 * is reported (product.md §5).
 */
export function requiredText(options: {
  requiredMessage: string;
  field: string;
  rule?: z.ZodType;
  invalidMessage?: string;
}) {
  const { requiredMessage, field, rule, invalidMessage } = options;
  return z
    .string()
    .trim()
    .min(1, { error: requiredMessage, abort: true })
    .refine((value) => !rule || rule.safeParse(value).success, { error: invalidMessage ?? notValidMessage(field) });
}
