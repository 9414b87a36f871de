import { useEffect, useState } from 'react';
import type { Cv } from '@careers/contracts/candidate';
import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { ModalDialog } from '../../../components/modal-dialog';
import { Spinner } from '../../../components/spinner';
import { getCvPreview } from '../../../lib/api/candidate/get-cv-preview';
import { applyMessages } from '../messages';

type Preview = { status: 'loading' } | { status: 'ready'; url: string; isPdf: boolean } | { status: 'failed' };

const PDF_TYPE = 'application/pdf';

/**
 * The CV in a modal frame. The file is fetched with the bearer token and shown from a blob: URL. Text and
 * the service's HTML rendering of DOCX go in a frame sandboxed without allow-scripts, so nothing in them
 * can run in the portal's origin. Chromium refuses to show a PDF in any sandboxed frame, so a PDF goes in
 * an <object> typed application/pdf instead: the browser's PDF viewer renders it, and the blob is re-typed
 * so it can never be read as HTML.
 */
export default function CvPreviewDialog({ cv, onClose }: { cv: Cv; onClose: () => void }) {
  const [preview, setPreview] = useState<Preview>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    getCvPreview(cv.id, controller.signal).then(
      ({ blob, mediaType }) => {
        const isPdf = mediaType === PDF_TYPE;
        url = URL.createObjectURL(isPdf ? new Blob([blob], { type: PDF_TYPE }) : blob);
        setPreview({ status: 'ready', url, isPdf });
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
      {preview.status === 'ready' && preview.isPdf ? (
        <object className="cv-preview__frame" type={PDF_TYPE} data={preview.url} aria-label={`Preview of ${cv.fileName}`}>
          <p className="cv-preview__fallback">
            This browser cannot show the PDF here.{' '}
            <a href={preview.url} download={cv.fileName}>
              Download {cv.fileName}
            </a>
          </p>
        </object>
      ) : null}
      {preview.status === 'ready' && !preview.isPdf ? <iframe className="cv-preview__frame" src={preview.url} title={`Preview of ${cv.fileName}`} sandbox="" /> : null}
    </ModalDialog>
  );
}
