import { useId, useState } from 'react';
import { CV_ACCEPTED_EXTENSIONS } from '@careers/contracts/candidate-values';
import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { FileDropArea } from '../../../components/file-drop-area';
import { firstServerErrorOr, serverErrors, toApiError } from '../../../lib/api-error';
import { notifySuccess } from '../../../lib/toast';
import { useUploadCv } from '../api/upload-cv';
import { checkCvFile, cvCheckMessages, CV_UPLOAD_HINT } from '../cv-checks';
import { FileName } from '../../../components/file-name';

/** The server's reason for refusing a file: its problem detail, else what the status means. */
function uploadFailureMessage(error: unknown): string {
  const apiError = toApiError(error);
  const detail = serverErrors(apiError.body)[0];
  if (apiError.status === 413) return detail ?? cvCheckMessages.tooLarge;
  if (apiError.status === 415) return detail ?? cvCheckMessages.wrongType;
  return firstServerErrorOr(error);
}

/**
 * Choose a CV (the limit and the types are said up front), then upload it with a progress bar. The same
 * file uploaded again is the CV already kept (the service answers its id): the candidate is told so.
 */
export function CvUpload({ keptCvIds = [] }: { keptCvIds?: readonly string[] }) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const upload = useUploadCv();
  const progressId = useId();

  const choose = (chosen: File | null) => {
    const check = chosen ? checkCvFile(chosen) : null;
    setProblem(check);
    setFile(check ? null : chosen);
  };

  const submit = () => {
    if (!file) {
      setProblem('Please choose a CV file first.');
      return;
    }
    const check = checkCvFile(file);
    if (check) {
      setProblem(check);
      return;
    }
    setProblem(null);
    setProgress(0);
    upload.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: (result) => {
          setFile(null);
          notifySuccess(
            keptCvIds.includes(result.cvId)
              ? `You already have this CV, as ${result.fileName}.`
              : `${result.fileName} was uploaded.`,
          );
        },
        onError: (error) => setProblem(uploadFailureMessage(error)),
      },
    );
  };

  return (
    <section className="cv-upload card" aria-labelledby="cv-upload-title">
      <h2 id="cv-upload-title">Upload a CV</h2>
      <AlertBanner type="alert-danger" message={problem} onClose={() => setProblem(null)} />
      <FileDropArea
        label="CV file"
        accept={CV_ACCEPTED_EXTENSIONS}
        rejectionMessage={cvCheckMessages.wrongType}
        hint={CV_UPLOAD_HINT}
        file={file}
        onFileChange={choose}
        disabled={upload.isPending}
      />
      {upload.isPending ? (
        <div className="cv-upload__progress">
          <label htmlFor={progressId}>
            Uploading <FileName name={file?.name ?? ''} />
          </label>
          <progress id={progressId} max={100} value={progress}>
            {progress}%
          </progress>
          <span aria-hidden="true">{progress}%</span>
        </div>
      ) : null}
      <div className="cv-upload__actions">
        <Button onClick={submit} busy={upload.isPending}>
          Upload CV
        </Button>
      </div>
    </section>
  );
}
