import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import './text-input.css';

export interface TextInputProps extends InputHTMLAttributes<HTMLInputElement> {
  /** Visible label; without it pass aria-label. */
  label?: string;
  icon?: ReactNode;
  iconPosition?: 'left' | 'right';
  /** The first validation error of the field, shown under it. */
  error?: string;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

export function TextInput({
  label,
  icon,
  iconPosition = 'left',
  error,
  hint,
  id,
  className,
  type = 'text',
  ...rest
}: TextInputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy =
    [hint ? hintId : null, error ? errorId : null, rest['aria-describedby'] ?? null].filter(Boolean).join(' ') ||
    undefined;
  const controlClass = [
    'text-input__control',
    icon ? `text-input__control--icon-${iconPosition}` : '',
    error ? 'text-input__control--invalid' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={['text-input', className ?? ''].filter(Boolean).join(' ')}>
      {label ? (
        <label className="text-input__label" htmlFor={inputId}>
          {label}
        </label>
      ) : null}
      {hint ? (
        <p className="text-input__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <div className="text-input__field">
        {icon ? (
          <span className={`text-input__icon text-input__icon--${iconPosition}`} aria-hidden="true">
            {icon}
          </span>
        ) : null}
        <input
          {...rest}
          id={inputId}
          type={type}
          className={controlClass}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
      </div>
      <p className="text-input__error" id={errorId} aria-live="polite">
        {error ?? ''}
      </p>
    </div>
  );
}
