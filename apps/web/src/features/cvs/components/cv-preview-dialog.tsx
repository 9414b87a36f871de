import type { Cv } from '@careers/contracts/candidate';
import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { ModalDialog } from '../../../components/modal-dialog';
import { Spinner } from '../../../components/spinner';
import { useCvPreview, type CvPreview } from '../api/get-cv-preview';

/** product.md §8. */
export const PREVIEW_ERROR = 'Error on cv preview';

/** The sandbox of the HTML and text frames: no script, no forms, no popups, no navigation, an opaque origin. */
export const PREVIEW_SANDBOX = '';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function textDocument(text: string): string {
  return `<!doctype html><meta charset="utf-8"><style>body{margin:16px;font:14px/1.5 ui-monospace,Menlo,Consolas,monospace;color:#172033}pre{white-space:pre-wrap;overflow-wrap:anywhere;margin:0}</style><pre>${escapeHtml(text)}</pre>`;
}

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
        frame.src = url;
        return () => URL.revokeObjectURL(url);
      }}
    />
  );
}

function PreviewBody({ preview, title }: { preview: CvPreview; title: string }) {
  switch (preview.kind) {
    case 'pdf':
      return <PdfFrame blob={preview.blob} title={title} />;
    case 'html':
      return <iframe className="cv-preview__frame" title={title} sandbox={PREVIEW_SANDBOX} srcDoc={preview.html} />;
    case 'text':
      return <iframe className="cv-preview__frame" title={title} sandbox={PREVIEW_SANDBOX} srcDoc={textDocument(preview.text)} />;
    default:
      return <p>A preview is not available for this file. Download it to open it on your device.</p>;
  }
}

export interface CvPreviewDialogProps {
  cv: Cv | null;
  onClose: () => void;
  onDownload: (cv: Cv) => void;
}

/** Shows a CV's content in a sandboxed frame inside a modal. */
export function CvPreviewDialog({ cv, onClose, onDownload }: CvPreviewDialogProps) {
  const preview = useCvPreview(cv?.id ?? null);
  const title = cv ? `Preview of ${cv.fileName}` : 'Preview';
  return (
    <ModalDialog
      open={cv !== null}
      title={title}
      onClose={onClose}
      size="large"
      actions={
        <>
          <Button variant="secondary" onClick={() => cv && onDownload(cv)}>
            Download
          </Button>
          <Button onClick={onClose}>Close</Button>
        </>
      }
    >
      <div className="cv-preview">
        {preview.isPending ? <Spinner label="Loading preview" /> : null}
        {preview.isError ? <AlertBanner type="alert-danger" message={PREVIEW_ERROR} /> : null}
        {preview.data ? <PreviewBody preview={preview.data} title={cv?.fileName ?? 'CV'} /> : null}
      </div>
    </ModalDialog>
  );
}
