import { useId, type InputHTMLAttributes, type Ref } from 'react';
import './switch.css';

export interface SwitchProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
  ref?: Ref<HTMLInputElement>;
}

/** A checkbox drawn as a switch; it stays a native checkbox for keyboards and screen readers. */
export function Switch({ label, id, className, ...rest }: SwitchProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <div className={['switch', className ?? ''].filter(Boolean).join(' ')}>
      <input {...rest} id={inputId} type="checkbox" className="switch__input" />
      <label htmlFor={inputId} className="switch__label">
        <span className="switch__track" aria-hidden="true">
          <span className="switch__thumb" />
        </span>
        {label}
      </label>
    </div>
  );
}
