import type { Cv } from '@careers/contracts/candidate';
import { ResultStatus, useActionResult } from '../../../components/action-result';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { formatDate, formatFileSize } from '../../../lib/format';
import type { CvUse } from '../api/get-cv-usage';
import { cvParseStatusText } from '../cv-parse-status';
import { FileName } from '../../../components/file-name';
import { CvTakeBack } from './cv-take-back';

export interface CvListItemProps {
  cv: Cv;
  /** undefined while the applications and CV drops are still loading. */
  uses: CvUse[] | undefined;
  onPreview: (cv: Cv) => void;
  onDownload: (cv: Cv) => void;
  onDelete: (cv: Cv) => void;
  downloading: boolean;
}

function CvUses({
  cv,
  uses,
  onTakenBack,
}: {
  cv: Cv;
  uses: CvUse[] | undefined;
  onTakenBack: (words: string) => void;
}) {
  if (uses === undefined) return null;
  const takenBack = cv.takenBack ?? [];
  // Where the CV was taken back, the line says so and when (docs/decisions/0575), not that it never went.
  const takenBackLines =
    takenBack.length > 0 ? (
      <ul className="cv-item__taken-back" aria-label={`Where you deleted ${cv.fileName}`}>
        {takenBack.map((business) => (
          <li key={business.businessId}>
            {business.businessName}: deleted at your request on{' '}
            <time dateTime={business.takenBackOn}>{formatDate(business.takenBackOn)}</time>
          </li>
        ))}
      </ul>
    ) : null;
  if (uses.length === 0) return takenBackLines ?? <p className="cv-item__uses-none">Not sent to an employer yet.</p>;
  return (
    <>
      <details className="cv-item__uses">
        <summary>
          Sent {uses.length} {uses.length === 1 ? 'time' : 'times'}
        </summary>
        <ul>
          {uses.map((use) => (
            <li key={`${use.kind}-${use.id}`}>
              {use.kind === 'application' ? (
                <>
                  Application: <strong>{use.jobTitle}</strong> at {use.businessName}
                </>
              ) : (
                <>
                  CV drop: <strong>{use.businessName}</strong>
                </>
              )}
              <span className="cv-item__use-date"> · {formatDate(use.on)}</span>
            </li>
          ))}
        </ul>
        <CvTakeBack cv={cv} uses={uses} onTakenBack={onTakenBack} />
      </details>
      {takenBackLines}
    </>
  );
}

export function CvListItem({ cv, uses, onPreview, onDownload, onDelete, downloading }: CvListItemProps) {
  const status = cvParseStatusText[cv.cvParseStatus];
  const [takenBack, showTakenBack] = useActionResult();
  return (
    <li className="list-card cv-item">
      <div className="cv-item__main">
        <h3 className="list-card__title cv-item__name">
          <FileName name={cv.fileName} />
        </h3>
        <p className="cv-item__meta">
          <span>Uploaded {formatDate(cv.createdOn)}</span>
          {cv.sizeBytes !== undefined ? <span>{formatFileSize(cv.sizeBytes)}</span> : null}
          <span title={status.description}>
            <Badge tone={status.tone} srPrefix="Text reading:">
              {status.label}
            </Badge>
          </span>
        </p>
        <CvUses cv={cv} uses={uses} onTakenBack={showTakenBack} />
        <ResultStatus result={takenBack} />
      </div>
      <div className="cv-item__actions">
        <Button variant="secondary" onClick={() => onPreview(cv)} aria-label={`Preview ${cv.fileName}`}>
          Preview
        </Button>
        <Button
          variant="secondary"
          onClick={() => onDownload(cv)}
          busy={downloading}
          aria-label={`Download ${cv.fileName}`}
        >
          Download
        </Button>
        <Button
          variant="link"
          className="cv-item__delete"
          onClick={() => onDelete(cv)}
          aria-label={`Delete ${cv.fileName}`}
        >
          Delete
        </Button>
      </div>
    </li>
  );
}
