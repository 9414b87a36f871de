import { useEffect } from 'react';
import { useForm, type FieldValues, type Path, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
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

/**
 * react-hook-form settings of every form (product.md §5: on blur and change, not on input): a field is
 * checked when it loses focus and when the form is submitted, never while the candidate types.
 */
export const FORM_VALIDATION_MODE = { mode: 'onBlur', reValidateMode: 'onBlur', criteriaMode: 'firstError' } as const;

/**
 * A form validated by its zod schema on blur and on submit (FORM_VALIDATION_MODE) whose errors clear as
 * soon as they are fixed: while the candidate types into a field that shows an error, the field is
 * checked again and the error goes when the value passes. Typing never shows a new error or changes one.
 */
export function useValidatedForm<Values extends FieldValues>(
  schema: z.ZodType<Values, Values>,
  options: Omit<UseFormProps<Values>, 'resolver' | 'reValidateMode' | 'criteriaMode'> = {},
): UseFormReturn<Values> {
  const form = useForm<Values>({ resolver: zodResolver(schema), ...FORM_VALIDATION_MODE, ...options });
  const { subscribe, getFieldState, clearErrors } = form;
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ values, name, type }) => {
          // A keystroke: 'change' from React's onChange, 'input' from the native event Preact hands on.
          const typing = type === 'change' || (type as string | undefined) === 'input';
          if (!typing || !name || !getFieldState(name as Path<Values>).error) return;
          const result = schema.safeParse(values);
          const stillWrong = !result.success && result.error.issues.some((issue) => issue.path.join('.') === name);
          if (!stillWrong) clearErrors(name as Path<Values>);
        },
      }),
    [subscribe, getFieldState, clearErrors, schema],
  );
  return form;
}
