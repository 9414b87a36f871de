import { useEffect, useState } from 'react';
import {
  useForm,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { loadZod, schemaLoader } from './schemas';

/**
 * react-hook-form settings of every form (product.md §5: on blur and change, not on input): a field is
 * checked when it loses focus and when the form is submitted, never while the candidate types.
 */
export const FORM_VALIDATION_MODE = { mode: 'onBlur', reValidateMode: 'onBlur', criteriaMode: 'firstError' } as const;

/** A form's zod schema, loaded when the form first needs it: `() => import('./forms').then((m) => m.schema)`. */
export type FormSchemaLoader<Values extends FieldValues> = () => Promise<z.ZodType<Values, Values>>;

/** One form's schema: loaded once (zod first, lib/schemas.ts), kept once loaded, tried again after a failure. */
function lazyFormSchema<Values extends FieldValues>(loadSchema: FormSchemaLoader<Values>) {
  const load = schemaLoader(loadSchema);
  const state = {
    loaded: undefined as z.ZodType<Values, Values> | undefined,
    load: () =>
      load().then((schema) => {
        state.loaded = schema;
        return schema;
      }),
    /** react-hook-form's resolver: waits for the schema (in practice already there, see useValidatedForm). */
    resolver: (async (values, context, options) => {
      const [schema, { zodResolver }] = await Promise.all([state.load(), loadZod()]);
      return zodResolver(schema)(values, context, options);
    }) as Resolver<Values>,
  };
  return state;
}

/** Whether a focused element belongs to the form that holds any of these fields. */
function inFormOf(element: Element | null, fieldNames: string[]): boolean {
  const form = element?.closest('form');
  return Boolean(form && fieldNames.some((name) => form.elements.namedItem(name)));
}

/**
 * A form validated by its zod schema on blur and on submit (FORM_VALIDATION_MODE) whose errors clear as
 * soon as they are fixed: while the candidate types into a field that shows an error, the field is
 * checked again and the error goes when the value passes. Typing never shows a new error or changes one.
 *
 * The schema is not in the page's first load (docs/decisions/0220): it loads on the form's first focus (or
 * at once when a field of it already has the focus, as after hydration) or on its first submit, whichever
 * comes first; the resolver waits for it, so a blur right after the first focus is checked all the same.
 * The loader is read on the first render only (a form keeps the schema it started with).
 */
export function useValidatedForm<Values extends FieldValues>(
  loadSchema: FormSchemaLoader<Values>,
  options: Omit<UseFormProps<Values>, 'resolver' | 'reValidateMode' | 'criteriaMode'> = {},
): UseFormReturn<Values> {
  const [schema] = useState(() => lazyFormSchema(loadSchema));
  const form = useForm<Values>({ resolver: schema.resolver, ...FORM_VALIDATION_MODE, ...options });
  const { subscribe, getFieldState, clearErrors, getValues } = form;

  useEffect(() => {
    if (schema.loaded) return;
    const preload = () => void schema.load().catch(() => undefined);
    const fieldNames = () => Object.keys(getValues());
    if (inFormOf(document.activeElement, fieldNames())) {
      preload();
      return;
    }
    const onFocusIn = (event: FocusEvent) => {
      if (!(event.target instanceof Element) || !inFormOf(event.target, fieldNames())) return;
      document.removeEventListener('focusin', onFocusIn);
      preload();
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, [schema, getValues]);

  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ values, name, type }) => {
          // A keystroke: 'change' from React's onChange, 'input' from the native event Preact hands on.
          const typing = type === 'change' || (type as string | undefined) === 'input';
          // An error on screen means the schema has loaded (it made the error).
          if (!typing || !name || !schema.loaded || !getFieldState(name as Path<Values>).error) return;
          const result = schema.loaded.safeParse(values);
          const stillWrong = !result.success && result.error.issues.some((issue) => issue.path.join('.') === name);
          if (!stillWrong) clearErrors(name as Path<Values>);
        },
      }),
    [subscribe, getFieldState, clearErrors, schema],
  );
  return form;
}
