import type { Cv } from '@careers/contracts/candidate';
import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { ModalDialog } from '../../../components/modal-dialog';
import { Spinner } from '../../../components/spinner';
import { CvPreviewFrame } from '../../../components/cv-preview-frame';
import { useCvPreview } from '../api/get-cv-preview';

/** product.md §8. */
export const PREVIEW_ERROR = 'Error on cv preview';

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
        {preview.data ? <CvPreviewFrame preview={preview.data} title={cv?.fileName ?? 'CV'} /> : null}
      </div>
    </ModalDialog>
  );
}
