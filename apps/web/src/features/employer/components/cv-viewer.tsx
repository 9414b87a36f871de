import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { ModalDialog } from '../../../components/modal-dialog';
import { Spinner } from '../../../components/spinner';
import { firstServerErrorOr } from '../../../lib/api-error';
import { notifyError } from '../../../lib/toast';
import { CvPreviewFrame } from '../../../components/cv-preview-frame';
import { downloadBusinessCv } from '../../../lib/api/candidate/download-business-cv';
import { useBusinessCvPreview } from '../api/applications';

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
        {preview.data ? <CvPreviewFrame preview={preview.data} title={cv?.fileName ?? 'CV'} /> : null}
      </div>
    </ModalDialog>
  );
}
