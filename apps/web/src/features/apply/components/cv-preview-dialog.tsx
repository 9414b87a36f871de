import { useEffect, useState } from 'react';
import type { Cv } from '@careers/contracts/candidate';
import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { ModalDialog } from '../../../components/modal-dialog';
import { Spinner } from '../../../components/spinner';
import { getCvPreview } from '../api/get-cv-preview';
import { applyMessages } from '../messages';

type Preview = { status: 'loading' } | { status: 'ready'; url: string } | { status: 'failed' };

/**
 * The CV in a modal frame. The file is fetched with the bearer token and shown from a blob: URL in a
 * sandbox without allow-scripts, so nothing in it can run in the portal's origin.
 */
export default function CvPreviewDialog({ cv, onClose }: { cv: Cv; onClose: () => void }) {
  const [preview, setPreview] = useState<Preview>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    getCvPreview(cv.id, controller.signal).then(
      (blob) => {
        url = URL.createObjectURL(blob);
        setPreview({ status: 'ready', url });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('CV preview failed', error);
        setPreview({ status: 'failed' });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [cv.id]);

  return (
    <ModalDialog
      open
      size="large"
      title={cv.fileName}
      onClose={onClose}
      actions={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {preview.status === 'loading' ? <Spinner label="Loading the CV" /> : null}
      {preview.status === 'failed' ? <AlertBanner type="alert-danger" message={applyMessages.cvPreviewFailed} /> : null}
      {preview.status === 'ready' ? <iframe className="cv-preview__frame" src={preview.url} title={`Preview of ${cv.fileName}`} sandbox="" /> : null}
    </ModalDialog>
  );
}
