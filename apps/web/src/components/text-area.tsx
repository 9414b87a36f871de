import { useId, type Ref, type TextareaHTMLAttributes } from 'react';
import './text-input.css';
import './text-area.css';

export interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  /** The first validation error of the field, shown under it. */
  error?: string;
  hint?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** The multi-line sibling of TextInput, with the same label, hint and error layout. */
export function TextArea({ label, error, hint, id, className, rows = 5, ...rest }: TextAreaProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy =
    [hint ? hintId : null, error ? errorId : null, rest['aria-describedby'] ?? null].filter(Boolean).join(' ') ||
    undefined;
  return (
    <div className={['text-input', className ?? ''].filter(Boolean).join(' ')}>
      <label className="text-input__label" htmlFor={inputId}>
        {label}
      </label>
      {hint ? (
        <p className="text-input__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <textarea
        {...rest}
        id={inputId}
        rows={rows}
        className={['text-input__control', 'text-area__control', error ? 'text-input__control--invalid' : '']
          .filter(Boolean)
          .join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <p className="text-input__error" id={errorId} aria-live="polite">
        {error ?? ''}
      </p>
    </div>
  );
}
