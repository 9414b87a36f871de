import { Fragment, lazy, Suspense, useState, type FormEvent, type ReactNode, type Ref } from 'react';
import type { Cv } from '@careers/contracts/candidate';
import { CV_ACCEPTED_EXTENSIONS, CV_MAX_BYTES } from '@careers/contracts/candidate-values';
import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { FileDropArea } from '../../../components/file-drop-area';
import { chooseCv } from '../apply-machine';
import type { ApplyFormModel } from '../form-model';
import { applyMessages } from '../messages';
import { cvUseText, fileNameParts } from '../utils/last-used-on';
import { CV_HINT } from './apply-form-step';

// The preview (blob fetch, frame) is loaded only when a candidate asks for one.
const CvPreviewDialog = lazy(() => import('./cv-preview-dialog'));

export interface CvSelectionStepProps {
  headingRef: Ref<HTMLHeadingElement>;
  cvs: Cv[];
  model: Pick<ApplyFormModel, 'selectedCv' | 'newCv'>;
  jobIsLive: boolean;
  busy: boolean;
  /** The application was refused and the page is leaving for /applications. */
  redirecting: boolean;
  alert: string | null;
  onAlertChange: (message: string | null) => void;
  onSelect: (cvId: string) => void;
  onNewCv: (file: File | null) => void;
  onApply: () => void;
  onLogout: () => void;
  /** Shown before the Apply button: the job's screening questions (docs/decisions/0400) and its reply promise (0412). */
  screening?: ReactNode;
}

/** cvSelection: pick one of the candidate's CVs or upload a new one (which wins), then Apply. */
export function CvSelectionStep(props: CvSelectionStepProps) {
  const {
    headingRef,
    cvs,
    model,
    jobIsLive,
    busy,
    redirecting,
    alert,
    onAlertChange,
    onSelect,
    onNewCv,
    onApply,
    onLogout,
    screening = null,
  } = props;
  const [previewing, setPreviewing] = useState<Cv | null>(null);
  const locked = busy || redirecting;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chooseCv(model)) {
      onAlertChange(applyMessages.selectOrUploadCv);
      return;
    }
    onApply();
  };

  return (
    <form className="apply-step" noValidate aria-labelledby="apply-cv-title" onSubmit={submit}>
      <h2 id="apply-cv-title" className="apply-step__title" ref={headingRef} tabIndex={-1}>
        Choose a CV
      </h2>
      <p className="apply-step__lead">Pick one of your CVs or upload a new one.</p>
      <AlertBanner type="alert-danger" message={alert} onClose={() => onAlertChange(null)} />
      {cvs.length > 0 ? (
        <fieldset className="cv-list" disabled={locked}>
          <legend className="cv-list__legend">Your CVs</legend>
          {cvs.map((cv) => {
            const inputId = `apply-cv-${cv.id}`;
            // A new upload wins (product.md §4), so while there is one no stored CV shows as chosen.
            const chosen = model.selectedCv === cv.id && !model.newCv;
            return (
              <div key={cv.id} className={`cv-option${chosen ? ' cv-option--chosen' : ''}`}>
                <input
                  id={inputId}
                  className="cv-option__radio"
                  type="radio"
                  name="selectedCv"
                  value={cv.id}
                  checked={chosen}
                  onChange={() => {
                    onSelect(cv.id);
                    if (alert === applyMessages.selectOrUploadCv) onAlertChange(null);
                  }}
                  aria-describedby={`${inputId}-used`}
                />
                <label htmlFor={inputId} className="cv-option__label">
                  <span className="cv-option__name">
                    {fileNameParts(cv.fileName).map((part, index) => (
                      <Fragment key={index}>
                        {index > 0 ? <wbr /> : null}
                        {part}
                      </Fragment>
                    ))}
                  </span>
                  <span className="cv-option__meta" id={`${inputId}-used`}>
                    {cvUseText(cv)}
                  </span>
                </label>
                <Button
                  variant="secondary"
                  className="cv-option__preview"
                  onClick={() => setPreviewing(cv)}
                  aria-label={`Preview ${cv.fileName}`}
                >
                  Preview
                </Button>
              </div>
            );
          })}
        </fieldset>
      ) : (
        <p className="apply-step__empty">You have no CVs with us yet. Upload one below.</p>
      )}
      <FileDropArea
        label="Upload a new CV"
        accept={CV_ACCEPTED_EXTENSIONS}
        rejectionMessage={applyMessages.cvRejected}
        maxBytes={CV_MAX_BYTES}
        hint={CV_HINT}
        file={model.newCv}
        onFileChange={(file) => {
          onNewCv(file);
          if (file && alert === applyMessages.selectOrUploadCv) onAlertChange(null);
        }}
        disabled={locked}
      />
      {model.newCv && cvs.length > 0 ? (
        <p className="apply-step__note">The new upload is used for this application.</p>
      ) : null}
      {screening}
      <Button type="submit" busy={busy} disabled={redirecting} fullWidth>
        {jobIsLive ? 'Apply' : 'Send my CV'}
      </Button>
      <p className="apply-step__switch">
        <Button variant="link" onClick={onLogout} disabled={locked}>
          Logout
        </Button>
      </p>
      {previewing ? (
        <Suspense fallback={null}>
          <CvPreviewDialog cv={previewing} onClose={() => setPreviewing(null)} />
        </Suspense>
      ) : null}
    </form>
  );
}
