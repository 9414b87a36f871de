import type { ButtonHTMLAttributes, Ref } from 'react';
import { Spinner } from './spinner';
import './button.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** 'danger' and 'danger-secondary': actions that delete or withdraw something, red wherever they are. */
  variant?: 'primary' | 'secondary' | 'link' | 'danger' | 'danger-secondary';
  /** Shows a spinner and blocks clicks while a call runs; the label stays for screen readers. */
  busy?: boolean;
  fullWidth?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant = 'primary',
  busy = false,
  fullWidth = false,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  const classes = ['btn', `btn--${variant}`, fullWidth ? 'btn--full' : '', busy ? 'btn--busy' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <button type={type} className={classes} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {busy && variant !== 'link' ? <Spinner size="small" decorative /> : null}
      <span className="btn__label">{children}</span>
    </button>
  );
}
