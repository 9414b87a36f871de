import { useId } from 'react';
import { Button } from '../../../components/button';
import { notifyError, notifySuccess } from '../../../lib/toast';
import { employerMessages } from '../employer-messages';

/** A link shown read-only with a copy button (the field stays selectable for a copy by hand). */
export function CopyLink({ label, url }: { label: string; url: string }) {
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notifySuccess(employerMessages.copied);
    } catch {
      notifyError(employerMessages.copyFailed);
    }
  };
  return (
    <div className="copy-link">
      <label htmlFor={id} className="copy-link__label">
        {label}
      </label>
      <div className="copy-link__row">
        <input
          id={id}
          className="copy-link__url"
          value={url}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="secondary" onClick={() => void copy()} aria-label={`Copy ${label.toLowerCase()}`}>
          Copy
        </Button>
      </div>
    </div>
  );
}
