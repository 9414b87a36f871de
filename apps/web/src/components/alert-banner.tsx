import './alert-banner.css';

export type AlertType = 'alert-success' | 'alert-danger';

export interface AlertBannerProps {
  type: AlertType;
  message: string | null | undefined;
  /** Shows a close button; the owner clears the message. */
  onClose?: () => void;
}

/** A success or danger message above a form (product.md §2). Line breaks in the message are kept. */
export function AlertBanner({ type, message, onClose }: AlertBannerProps) {
  if (!message) return null;
  return (
    <div className={`alert ${type}`} role={type === 'alert-danger' ? 'alert' : 'status'}>
      <p className="alert__message">{message}</p>
      {onClose ? (
        <button type="button" className="alert__close" onClick={onClose} aria-label="Dismiss message">
          <span aria-hidden="true">×</span>
        </button>
      ) : null}
    </div>
  );
}
