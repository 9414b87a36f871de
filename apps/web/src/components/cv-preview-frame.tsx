import './cv-preview-frame.css';

/** A CV's content as the browser shows it: the PDF itself, the service's HTML of a Word file, or plain text. */
export type CvPreview =
  | { kind: 'pdf'; blob: Blob }
  | { kind: 'text'; text: string }
  | { kind: 'html'; html: string }
  | { kind: 'unavailable' };

/** The sandbox of the HTML and text frames: no script, no forms, no popups, no navigation, an opaque origin. */
export const PREVIEW_SANDBOX = '';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function textDocument(text: string): string {
  return `<!doctype html><meta charset="utf-8"><style>body{margin:16px;font:14px/1.5 ui-monospace,Menlo,Consolas,monospace;color:#172033}pre{white-space:pre-wrap;overflow-wrap:anywhere;margin:0}</style><pre>${escapeHtml(text)}</pre>`;
}

/**
 * The PDF viewer's open parameters: no toolbar, which named the file by its blob address's id (the dialog's
 * title names it, and the dialog offers its Download), and the page fitted to the frame's width.
 */
const PDF_VIEW = '#toolbar=0&view=FitH';

/**
 * Chromium refuses to start its PDF viewer in any sandboxed frame (even with allow-same-origin), so this
 * frame has none. It is still safe: the blob's type was fixed to application/pdf when it was read, so the
 * browser can only hand it to its PDF viewer, which runs the file apart from the page (docs/decisions).
 */
function PdfFrame({ blob, title }: { blob: Blob; title: string }) {
  return (
    <iframe
      className="cv-preview__frame"
      title={title}
      ref={(frame) => {
        if (!frame) return;
        const url = URL.createObjectURL(blob);
        frame.src = `${url}${PDF_VIEW}`;
        return () => URL.revokeObjectURL(url);
      }}
    />
  );
}

/** One CV preview for the candidate's CVs page and the employer console (the same frames, the same rules). */
export function CvPreviewFrame({ preview, title }: { preview: CvPreview; title: string }) {
  switch (preview.kind) {
    case 'pdf':
      return <PdfFrame blob={preview.blob} title={title} />;
    case 'html':
      return <iframe className="cv-preview__frame" title={title} sandbox={PREVIEW_SANDBOX} srcDoc={preview.html} />;
    case 'text':
      return (
        <iframe
          className="cv-preview__frame"
          title={title}
          sandbox={PREVIEW_SANDBOX}
          srcDoc={textDocument(preview.text)}
        />
      );
    default:
      return <p>A preview is not available for this file. Download it to open it on your device.</p>;
  }
}
