import { useId, useRef, useState, type DragEvent } from 'react';
import { hasAcceptedExtension, isIgnoredFile, truncateFileName } from '../lib/file-name';
import './file-drop-area.css';

export interface FileDropAreaProps {
  label: string;
  /** Accepted extensions without the dot, e.g. ['pdf']. */
  accept: readonly string[];
  /** Shown when a file of another type is chosen. */
  rejectionMessage: string;
  file: File | null;
  onFileChange: (file: File | null) => void;
  hint?: string;
  disabled?: boolean;
  /** Larger files are refused before upload. */
  maxBytes?: number;
  /** Told when the refusal shown under the area appears or goes, so a form shows no second message about the file. */
  onRejectionChange?: (rejection: string | null) => void;
  /** The file input's id, for a form that moves the focus to it (by default one of its own). */
  id?: string;
}

/**
 * Drag-and-drop or click to choose one file. The native file input stays in the page (visually hidden) so
 * keyboards, screen readers and test drivers reach it. '.DS_Store' and 'Thumbs.db' are ignored.
 */
export function FileDropArea({
  label,
  accept,
  rejectionMessage,
  file,
  onFileChange,
  hint,
  disabled = false,
  maxBytes,
  onRejectionChange,
  id,
}: FileDropAreaProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const hintId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [rejection, setRejectionState] = useState<string | null>(null);
  const setRejection = (next: string | null) => {
    setRejectionState(next);
    onRejectionChange?.(next);
  };

  const choose = (files: FileList | null) => {
    const candidate = Array.from(files ?? []).find((entry) => !isIgnoredFile(entry.name));
    if (!candidate) return;
    if (!hasAcceptedExtension(candidate.name, accept)) {
      setRejection(rejectionMessage);
      onFileChange(null);
      return;
    }
    if (maxBytes !== undefined && candidate.size > maxBytes) {
      setRejection(`The file is too large: at most ${Math.floor(maxBytes / (1024 * 1024))} MB.`);
      onFileChange(null);
      return;
    }
    setRejection(null);
    onFileChange(candidate);
  };

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) choose(event.dataTransfer.files);
  };

  const clear = () => {
    onFileChange(null);
    setRejection(null);
    if (inputRef.current) inputRef.current.value = '';
  };

  const describedBy = [hint ? hintId : null, rejection ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className="file-drop">
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        className="file-drop__input visually-hidden"
        accept={accept.map((extension) => `.${extension}`).join(',')}
        disabled={disabled}
        aria-describedby={describedBy}
        aria-invalid={rejection ? true : undefined}
        onChange={(event) => {
          choose(event.target.files);
          event.target.value = '';
        }}
        // Space opens the file chooser of a focused file input, Enter does not: the area answers both, as a
        // button would.
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || disabled) return;
          event.preventDefault();
          event.currentTarget.click();
        }}
      />
      <label
        htmlFor={inputId}
        className={[
          'file-drop__zone',
          dragging ? 'file-drop__zone--dragging' : '',
          rejection ? 'file-drop__zone--invalid' : '',
          disabled ? 'file-drop__zone--disabled' : '',
        ]
          .filter(Boolean)
          .join(' ')}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <svg className="file-drop__icon" viewBox="0 0 24 24" aria-hidden="true">
          <path
            d="M12 16V4m0 0-4 4m4-4 4 4M5 15v3a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-3"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <span className="file-drop__label">{label}</span>
        {/* A touch screen has nothing to drag from: it is told to tap (CSS, pointer: coarse). */}
        <span className="file-drop__action file-drop__action--pointer">Drag a file here or click to choose</span>
        <span className="file-drop__action file-drop__action--touch">Tap to choose a file</span>
      </label>
      {hint ? (
        <p className="file-drop__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {file ? (
        <p className="file-drop__chosen">
          <span className="file-drop__name" title={file.name}>
            {truncateFileName(file.name)}
          </span>
          <button
            type="button"
            className="file-drop__remove"
            onClick={clear}
            disabled={disabled}
            aria-label={`Remove ${file.name}`}
          >
            Remove
          </button>
        </p>
      ) : null}
      {rejection ? (
        <p className="file-drop__error" id={errorId} role="alert">
          {rejection}
        </p>
      ) : null}
    </div>
  );
}
