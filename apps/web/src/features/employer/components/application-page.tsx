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
import { employerApplicationBadge, employerStatusLabel, statusesInOrder } from '../application-status';
import { CvViewerDialog, saveBusinessCv } from './cv-viewer';
import { employerPaths } from '../paths';

function MoveStatus({
  applicationId,
  current,
  withdrawn,
}: {
  applicationId: string;
  current: ApplicationStatus;
  /** A withdrawn application cannot move (the service answers 409): the form stays, disabled, and says why. */
  withdrawn: boolean;
}) {
  const [target, setTarget] = useState<ApplicationStatus>(current);
  const move = useMoveApplication();
  const noteId = `move-note-${applicationId}`;
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
        <select
          value={target}
          disabled={withdrawn}
          aria-describedby={withdrawn ? noteId : undefined}
          onChange={(event) => setTarget(Number(event.currentTarget.value) as ApplicationStatus)}
        >
          {statusesInOrder.map((value) => (
            <option key={value} value={value}>
              {employerStatusLabel[value]}
            </option>
          ))}
        </select>
      </label>
      <Button
        type="submit"
        busy={move.isPending}
        disabled={withdrawn || target === current}
        aria-describedby={withdrawn ? noteId : undefined}
      >
        Move
      </Button>
      {withdrawn ? (
        <p id={noteId} className="employer-move__note">
          The candidate withdrew this application, so it can no longer be moved.
        </p>
      ) : null}
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
  const badge = employerApplicationBadge(a);
  const cv = a.appliedWithCvId ? { id: a.appliedWithCvId, fileName: a.appliedWithCvFileName ?? 'CV' } : null;
  return (
    <section className="page employer-page" aria-labelledby="application-title">
      <p className="employer-breadcrumb">
        <Link to={employerPaths.jobs}>Jobs</Link> › <Link to={employerPaths.job(a.jobId)}>{a.jobTitle}</Link>
      </p>
      <div className="employer-page__head">
        <h1 id="application-title">{a.candidate.name}</h1>
        <Badge tone={badge.tone} srPrefix="Status:">
          {badge.label}
        </Badge>
      </div>
      {a.withdrawnOn ? (
        <section className="employer-withdrawn" aria-labelledby="withdrawn-title">
          <h2 id="withdrawn-title">
            Withdrawn by the candidate on <time dateTime={a.withdrawnOn}>{formatDateTime(a.withdrawnOn)}</time>
          </h2>
          {a.withdrawalReason ? (
            <p>
              <span className="employer-withdrawn__label">Their reason: </span>
              <q className="employer-withdrawn__reason">{a.withdrawalReason}</q>
            </p>
          ) : (
            <p>They gave no reason.</p>
          )}
          <p className="muted">
            It stood at {employerStatusLabel[a.applicationStatus]} when they withdrew. They may apply again; a new
            application would show as New.
          </p>
        </section>
      ) : null}
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
          <MoveStatus
            key={`${a.applicationStatus}-${a.withdrawnOn ?? ''}`}
            applicationId={a.id}
            current={a.applicationStatus}
            withdrawn={Boolean(a.withdrawnOn)}
          />
          <h3>History</h3>
          <ol className="employer-history">
            {a.statusHistory.map((change) => (
              <li key={`${change.applicationStatus}-${change.changedOn}-${change.withdrawn ? 'w' : ''}`}>
                <span>
                  {change.withdrawn ? 'Withdrawn by the candidate' : employerStatusLabel[change.applicationStatus]}
                </span>{' '}
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
