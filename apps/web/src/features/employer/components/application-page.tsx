import { useState } from 'react';
import { Link } from 'react-router';
import type { ApplicationStatus } from '@careers/contracts/enums';
import { AlertBanner } from '../../../components/alert-banner';
import { EmailNotVerified } from './email-not-verified';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { firstServerErrorOr } from '../../../lib/api-error';
import { formatDate, formatDateTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/toast';
import { useApplication, useMoveApplication } from '../api/applications';
import { employerStatusLabel, employerStatusTone, statusesInOrder } from '../application-status';
import { CvViewerDialog, saveBusinessCv } from './cv-viewer';
import { employerPaths } from '../paths';

function MoveStatus({ applicationId, current }: { applicationId: string; current: ApplicationStatus }) {
  const [target, setTarget] = useState<ApplicationStatus>(current);
  const move = useMoveApplication();
  return (
    <form
      className="employer-move"
      aria-label="Move the application"
      onSubmit={(event) => {
        event.preventDefault();
        move.mutate(
          { applicationId, applicationStatus: target },
          { onSuccess: () => notifySuccess(`Moved to ${employerStatusLabel[target]}.`) },
        );
      }}
    >
      <label className="employer-select">
        <span>Status</span>
        <select value={target} onChange={(event) => setTarget(Number(event.currentTarget.value) as ApplicationStatus)}>
          {statusesInOrder.map((value) => (
            <option key={value} value={value}>
              {employerStatusLabel[value]}
            </option>
          ))}
        </select>
      </label>
      <Button type="submit" busy={move.isPending} disabled={target === current}>
        Move
      </Button>
      {move.isError ? <AlertBanner type="alert-danger" message={firstServerErrorOr(move.error)} /> : null}
    </form>
  );
}

/** /employer/applications/{id}: who applied, with which CV, from where, and where their application stands. */
export function ApplicationPage({ applicationId }: { applicationId: string }) {
  const application = useApplication(applicationId);
  const [viewing, setViewing] = useState<{ id: string; fileName: string } | null>(null);
  const a = application.data;
  if (application.isPending) return <Spinner label="Loading the application" />;
  if (!a) return <AlertBanner type="alert-danger" message={firstServerErrorOr(application.error)} />;
  const cv = a.appliedWithCvId ? { id: a.appliedWithCvId, fileName: a.appliedWithCvFileName ?? 'CV' } : null;
  return (
    <section className="page employer-page" aria-labelledby="application-title">
      <p className="employer-breadcrumb">
        <Link to={employerPaths.jobs}>Jobs</Link> › <Link to={employerPaths.job(a.jobId)}>{a.jobTitle}</Link>
      </p>
      <div className="employer-page__head">
        <h1 id="application-title">{a.candidate.name}</h1>
        <Badge tone={employerStatusTone(a.applicationStatus)} srPrefix="Status:">
          {employerStatusLabel[a.applicationStatus]}
        </Badge>
      </div>
      <div className="employer-columns">
        <section className="card" aria-labelledby="contact-title">
          <h2 id="contact-title">Contact</h2>
          <dl className="employer-facts">
            <dt>E-mail</dt>
            <dd>
              <a href={`mailto:${a.candidate.email}`}>{a.candidate.email}</a>
              {a.emailVerified ? null : (
                <>
                  {' '}
                  <EmailNotVerified verified={false} />
                  <span className="employer-facts__note">
                    The candidate has not entered the code sent to this address yet, so it may be mistyped.
                  </span>
                </>
              )}
            </dd>
            <dt>Phone</dt>
            <dd>
              <a href={`tel:${a.candidate.phoneNumber}`}>{a.candidate.phoneNumber}</a>
            </dd>
            <dt>Postcode</dt>
            <dd>{a.candidate.postcode}</dd>
            <dt>Applied</dt>
            <dd>{formatDate(a.appliedOn)}</dd>
            <dt>Ready to work</dt>
            <dd>{a.readyToWork ? 'Yes' : 'No'}</dd>
            <dt>Source</dt>
            <dd>{a.utmSource ?? 'Direct'}</dd>
            <dt>Campaign</dt>
            <dd>{a.utmCampaign ?? '-'}</dd>
          </dl>
        </section>
        <section className="card" aria-labelledby="cv-title">
          <h2 id="cv-title">CV</h2>
          {cv ? (
            <>
              <p className="employer-cv-name">{cv.fileName}</p>
              <div className="employer-job__actions">
                <Button variant="secondary" onClick={() => setViewing(cv)}>
                  Preview CV
                </Button>
                <Button variant="secondary" onClick={() => void saveBusinessCv(cv.id, cv.fileName)}>
                  Download CV
                </Button>
              </div>
            </>
          ) : (
            <p className="muted">The candidate has since deleted this CV.</p>
          )}
        </section>
        <section className="card" aria-labelledby="status-title">
          <h2 id="status-title">Status</h2>
          <MoveStatus key={a.applicationStatus} applicationId={a.id} current={a.applicationStatus} />
          <h3>History</h3>
          <ol className="employer-history">
            {a.statusHistory.map((change) => (
              <li key={`${change.applicationStatus}-${change.changedOn}`}>
                <span>{employerStatusLabel[change.applicationStatus]}</span>{' '}
                <time dateTime={change.changedOn}>{formatDateTime(change.changedOn)}</time>
              </li>
            ))}
          </ol>
        </section>
      </div>
      <CvViewerDialog cv={viewing} onClose={() => setViewing(null)} />
    </section>
  );
}
