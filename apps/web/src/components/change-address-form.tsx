import { useEffect, useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { AlertBanner } from './alert-banner';
import { Button } from './button';
import { TextInput } from './text-input';
import { firstServerErrorOr, retryAfterSeconds } from '../lib/api-error';
import { changeUnprovenEmail } from '../lib/api/identity/change-unproven-email';
import { useValidatedForm } from '../lib/validation';
import type { ChangeAddressValues } from './change-address-schema';
import './change-address-form.css';

export interface ChangeAddressFormProps {
  /** The address the code went to, offered for correction. */
  currentEmail: string;
  /** The account moved; a new code went to this address. */
  onChanged: (email: string) => void;
  onCancel: () => void;
  /** The job whose application the code finishes (the apply page): the new code e-mail names it too. */
  finishesJobId?: string;
  /** Class names of the surrounding step (the apply page's code step or the sign-up card's). */
  classes?: { fields?: string; row?: string };
}

/**
 * "Wrong address? Change it" (issue 12 item 1): a new candidate corrects the address the code went to.
 * Loaded only when asked for, so it adds nothing to the page before it is interactive.
 */
export default function ChangeAddressForm({
  currentEmail,
  onChanged,
  onCancel,
  finishesJobId,
  classes = {},
}: ChangeAddressFormProps) {
  const form = useValidatedForm<ChangeAddressValues>(
    () => import('./change-address-schema').then((module) => module.changeAddressSchema),
    { defaultValues: { email: currentEmail } },
  );
  const inputRef = useRef<HTMLInputElement | null>(null);
  const change = useMutation({
    mutationFn: (values: ChangeAddressValues) => changeUnprovenEmail(values.email.trim(), finishesJobId),
    onSuccess: onChanged,
  });
  const { ref: registerRef, ...field } = form.register('email');

  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  const wait = change.error ? retryAfterSeconds(change.error) : null;
  const failure = change.error
    ? wait !== null
      ? `A code was sent to this address recently. Please try again in ${wait} seconds.`
      : firstServerErrorOr(change.error)
    : null;

  return (
    <form
      className="change-address"
      noValidate
      aria-label="Change your email address"
      onSubmit={form.handleSubmit((values) => change.mutate(values))}
    >
      <AlertBanner type="alert-danger" message={failure} onClose={() => change.reset()} />
      <div className={classes.fields}>
        <TextInput
          label="Your email address"
          type="email"
          autoComplete="email"
          hint="We will send a new code to this address."
          error={form.formState.errors.email?.message}
          disabled={change.isPending}
          ref={(element) => {
            registerRef(element);
            inputRef.current = element;
          }}
          {...field}
        />
      </div>
      <div className={classes.row}>
        <Button type="submit" busy={change.isPending}>
          Change address
        </Button>
        <Button variant="link" onClick={onCancel} disabled={change.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
