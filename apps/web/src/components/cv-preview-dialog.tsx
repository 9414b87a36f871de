import type { Cv } from '@careers/contracts/candidate';
import { useCvPreview } from '../lib/cv-preview';
import { AlertBanner } from './alert-banner';
import { Button } from './button';
import { CvPreviewFrame } from './cv-preview-frame';
import { ModalDialog } from './modal-dialog';
import { Spinner } from './spinner';
import { FileName } from './file-name';

/** product.md §8. */
export const PREVIEW_ERROR = 'Error on cv preview';

export interface CvPreviewDialogProps {
  cv: Cv | null;
  onClose: () => void;
  /** A Download button beside Close (the CVs page); the apply page has none. */
  onDownload?: ((cv: Cv) => void) | undefined;
}

/**
 * The one CV preview of the candidate's pages, the CVs page and the apply page (docs/decisions/0021):
 * GET /cvs/{cvId}/preview with the bearer token, shown by CvPreviewFrame in a modal.
 */
export function CvPreviewDialog({ cv, onClose, onDownload }: CvPreviewDialogProps) {
  const preview = useCvPreview(cv?.id ?? null);
  const title = cv ? (
    <>
      Preview of <FileName name={cv.fileName} />
    </>
  ) : (
    'Preview'
  );
  return (
    <ModalDialog
      open={cv !== null}
      title={title}
      onClose={onClose}
      size="large"
      actions={
        <>
          {onDownload ? (
            <Button variant="secondary" onClick={() => cv && onDownload(cv)}>
              Download
            </Button>
          ) : null}
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
