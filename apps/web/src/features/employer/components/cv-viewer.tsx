import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { ModalDialog } from '../../../components/modal-dialog';
import { Spinner } from '../../../components/spinner';
import { firstServerErrorOr } from '../../../lib/api-error';
import { notifyError } from '../../../lib/toast';
import { downloadBusinessCv, useBusinessCvPreview, type CvPreview } from '../api/applications';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
const textDocument = (text: string) =>
  `<!doctype html><meta charset="utf-8"><style>body{margin:16px;font:14px/1.5 ui-monospace,Menlo,Consolas,monospace}pre{white-space:pre-wrap;overflow-wrap:anywhere;margin:0}</style><pre>${escapeHtml(text)}</pre>`;

/** As the candidate's own preview: PDF through the browser's viewer, everything else in a frame with no script. */
function PreviewBody({ preview, title }: { preview: CvPreview; title: string }) {
  if (preview.kind === 'pdf') {
    return (
      <iframe
        className="cv-viewer__frame"
        title={title}
        ref={(frame) => {
          if (!frame) return;
          const url = URL.createObjectURL(preview.blob);
          frame.src = url;
          return () => URL.revokeObjectURL(url);
        }}
      />
    );
  }
  return <iframe className="cv-viewer__frame" title={title} sandbox="" srcDoc={preview.kind === 'html' ? preview.html : textDocument(preview.text)} />;
}

/** Saves a CV sent to the business under its own name. */
export async function saveBusinessCv(cvId: string, fileName: string): Promise<void> {
  try {
    const { blob } = await downloadBusinessCv(cvId, fileName);
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch (error) {
    notifyError(firstServerErrorOr(error));
  }
}

export function CvViewerDialog({ cv, onClose }: { cv: { id: string; fileName: string } | null; onClose: () => void }) {
  const preview = useBusinessCvPreview(cv?.id ?? null);
  const title = cv ? `CV: ${cv.fileName}` : 'CV';
  return (
    <ModalDialog
      open={cv !== null}
      title={title}
      onClose={onClose}
      size="large"
      actions={
        <>
          <Button variant="secondary" onClick={() => cv && void saveBusinessCv(cv.id, cv.fileName)}>
            Download
          </Button>
          <Button onClick={onClose}>Close</Button>
        </>
      }
    >
      <div className="cv-viewer">
        {preview.isPending && cv ? <Spinner label="Loading preview" /> : null}
        {preview.isError ? <AlertBanner type="alert-danger" message={firstServerErrorOr(preview.error)} /> : null}
        {preview.data ? <PreviewBody preview={preview.data} title={cv?.fileName ?? 'CV'} /> : null}
      </div>
    </ModalDialog>
  );
}
