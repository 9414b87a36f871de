import './spinner.css';

export interface SpinnerProps {
  size?: 'small' | 'large';
  /** Text announced to screen readers (and shown beside large spinners). */
  label?: string;
  /** Inside a control that already says what is going on. */
  decorative?: boolean;
}

export function Spinner({ size = 'large', label = 'Loading', decorative = false }: SpinnerProps) {
  if (decorative) return <span className={`spinner spinner--${size}`} aria-hidden="true" />;
  return (
    <span className="spinner-wrap" role="status">
      <span className={`spinner spinner--${size}`} aria-hidden="true" />
      <span className={size === 'large' ? 'spinner__label' : 'visually-hidden'}>{label}</span>
    </span>
  );
}
