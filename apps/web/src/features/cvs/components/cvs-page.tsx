import { useState } from 'react';
import type { Cv } from '@careers/contracts/candidate';
import { AlertBanner } from '../../../components/alert-banner';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { Spinner } from '../../../components/spinner';
import { firstServerErrorOr } from '../../../lib/api-error';
import { notifyError, notifySuccess } from '../../../lib/toast';
import { useDeleteCv } from '../api/delete-cv';
import { useDownloadCv } from '../api/download-cv';
import { useCvUsage } from '../api/get-cv-usage';
import { useCvs } from '../api/get-cvs';
import { CvListItem } from './cv-list-item';
import { CvPreviewDialog } from '../../../components/cv-preview-dialog';
import { CvUpload } from './cv-upload';
import { CvHeldCopies } from './cv-held-copies';
import '../../../components/list-card.css';
import './cvs.css';
import { FileName } from '../../../components/file-name';

/** /cvs: upload, preview, download and delete CVs, and see where each one was sent. */
export function CvsPage() {
  const cvs = useCvs();
  const usage = useCvUsage();
  const deleteCv = useDeleteCv();
  const download = useDownloadCv();
  const [previewing, setPreviewing] = useState<Cv | null>(null);
  const [deleting, setDeleting] = useState<Cv | null>(null);

  const onDownload = (cv: Cv) =>
    download.mutate(
      { cvId: cv.id, fileName: cv.fileName },
      {
        onError: (error) => {
          // product.md §8: download failures are logged; a toast tells the candidate too.
          console.error('CV download failed', error);
          notifyError(`${cv.fileName} could not be downloaded.`);
        },
      },
    );

  const confirmDelete = () => {
    if (!deleting) return;
    const cv = deleting;
    deleteCv.mutate(cv.id, {
      onSuccess: () => {
        setDeleting(null);
        notifySuccess(`${cv.fileName} was deleted.`);
      },
      onError: (error) => {
        setDeleting(null);
        notifyError(firstServerErrorOr(error));
      },
    });
  };

  const list = cvs.data?.cvs ?? [];
  return (
    <section className="page cvs-page" aria-labelledby="cvs-title">
      <h1 id="cvs-title">CVs</h1>
      <p className="page__lead">Keep the CVs you apply with. Each application sends the CV you choose for it.</p>
      <CvUpload keptCvIds={list.map((cv) => cv.id)} />
      <section className="cvs-page__list" aria-labelledby="cvs-list-title">
        <h2 id="cvs-list-title">Your CVs{cvs.data ? ` (${cvs.data.cvCount})` : ''}</h2>
        {cvs.isPending ? <Spinner label="Loading your CVs" /> : null}
        {cvs.isError ? <AlertBanner type="alert-danger" message={firstServerErrorOr(cvs.error)} /> : null}
        {cvs.isSuccess && list.length === 0 ? (
          <EmptyState title="No CVs yet">
            <p>Upload your CV above. You can then apply for jobs with it in one click.</p>
          </EmptyState>
        ) : null}
        {list.length > 0 ? (
          <ul className="list-cards cv-list">
            {list.map((cv) => (
              <CvListItem
                key={cv.id}
                cv={cv}
                uses={usage.data ? (usage.data.get(cv.id) ?? []) : undefined}
                onPreview={setPreviewing}
                onDownload={onDownload}
                onDelete={setDeleting}
                downloading={download.isPending && download.variables?.cvId === cv.id}
              />
            ))}
          </ul>
        ) : null}
      </section>
      <CvHeldCopies copies={cvs.data?.heldCopies} />
      <CvPreviewDialog cv={previewing} onClose={() => setPreviewing(null)} onDownload={onDownload} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this CV?"
        message={
          <>
            {deleting ? <FileName name={deleting.fileName} /> : 'This CV'} will be deleted for good. Applications you
            have already sent are not changed.
          </>
        }
        confirmLabel="Delete CV"
        destructive
        busy={deleteCv.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
