import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  hint?: string;
  /** The first validation error of the field, shown under it as TextInput shows its own. */
  error?: string;
  children: ReactNode;
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled select with a hint and an error, laid out like the text fields beside it. */
export function SelectField({ label, hint, error, id, children, ...rest }: SelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const hintId = `${selectId}-hint`;
  const errorId = `${selectId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="employer-select">
      <label htmlFor={selectId}>{label}</label>
      {hint ? (
        <p className="employer-select__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <select
        {...rest}
        id={selectId}
        className={error ? 'employer-select__control--invalid' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      >
        {children}
      </select>
      <p className="employer-select__error" id={errorId} aria-live="polite">
        {error ?? ''}
      </p>
    </div>
  );
}
