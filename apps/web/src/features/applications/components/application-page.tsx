import { Link } from 'react-router';
import type { JobApplicationDetail } from '@careers/contracts/candidate-api';
import { AlertBanner } from '../../../components/alert-banner';
import { Badge } from '../../../components/badge';
import { FileName } from '../../../components/file-name';
import { usePageTitle } from '../../../components/page-title';
import { Spinner } from '../../../components/spinner';
import { firstServerErrorOr } from '../../../lib/api-error';
import { formatDate, formatDateTime } from '../../../lib/format';
import { applyPath, paths } from '../../../lib/paths';
import { useJobApplication } from '../api/get-job-application';
import { describeApplicationStatus } from '../application-status';
import { WITHDRAWN_STATUS, WITHDRAWN_STEP, canWithdraw, isWithdrawn } from '../withdrawal';
import { statusTimeline } from './application-card';
import { WithdrawApplication } from './withdraw-application';
import { ApplicationMessages } from './application-messages';
import { ApplicationInterview, InterviewProgressStep } from './application-interview';
import { ApplicationRecordSection } from './application-record-section';
import { KeepOnFileSection, ReplyFacts, TimelineReason } from './application-reply';
import { ApplicationDeletionFacts } from './application-deletion';
import { ApplicationConsent } from './application-consent';
import '../../../components/list-card.css';
import './applications.css';
import './application-page.css';

/** The application's facts, as its card on /applications shows them. */
function ApplicationFacts({ application }: { application: JobApplicationDetail }) {
  return (
    <dl className="list-card__facts application-card__facts">
      <div>
        <dt>Applied</dt>
        <dd>{formatDate(application.appliedOn)}</dd>
      </div>
      <div>
        <dt>CV used</dt>
        <dd>
          {application.appliedWithCvFileName ? (
            <FileName name={application.appliedWithCvFileName} />
          ) : application.appliedWithCvId ? (
            'A CV you have since deleted'
          ) : (
            '-'
          )}
        </dd>
      </div>
      {application.appliedWithCvId ? (
        <div>
          <dt>CV opened</dt>
          <dd>
            {application.cvOpenedOn
              ? `Opened by ${application.business.name} on ${formatDate(application.cvOpenedOn)}`
              : `Not opened by ${application.business.name} yet`}
          </dd>
        </div>
      ) : null}
      {application.withdrawnOn ? (
        <div>
          <dt>Withdrawn</dt>
          <dd>{formatDate(application.withdrawnOn)}</dd>
        </div>
      ) : null}
      {application.withdrawalReason ? (
        <div className="application-card__reason">
          <dt>Your reason</dt>
          <dd>{application.withdrawalReason}</dd>
        </div>
      ) : null}
      <ReplyFacts application={application} />
      <ApplicationDeletionFacts application={application} />
    </dl>
  );
}

/**
 * /applications/{applicationId}: one of the candidate's applications (a status email and its card link here).
 * The heading is there from the first render (the job's title once loaded), so the focus a new page gives
 * its heading stays on it while the application loads.
 */
export function ApplicationPage({ applicationId }: { applicationId: string }) {
  const query = useJobApplication(applicationId);
  const application = query.data;
  usePageTitle(application ? application.job.title : query.isError ? 'Application not found' : 'Job application');
  const withdrawn = application ? isWithdrawn(application) : false;
  const status = application
    ? withdrawn
      ? WITHDRAWN_STATUS
      : describeApplicationStatus(application.applicationStatus)
    : null;
  const place = application
    ? [application.business.name, application.job.city ?? application.business.city].filter(Boolean).join(' · ')
    : '';

  return (
    <section className="page application-page" aria-labelledby="application-title">
      <p className="application-page__back">
        <Link to={paths.applications}>All job applications</Link>
      </p>
      <h1 id="application-title" tabIndex={-1}>
        {application ? application.job.title : 'Job application'}
      </h1>
      {query.isPending ? <Spinner label="Loading your application" /> : null}
      {query.isError ? <AlertBanner type="alert-danger" message={firstServerErrorOr(query.error)} /> : null}
      {application && status ? (
        <>
          <div className="application-page__summary">
            <p className="page__lead application-card__place">{place}</p>
            <Badge tone={status.tone} srPrefix="Status:">
              {status.label}
            </Badge>
          </div>
          <ApplicationFacts application={application} />
          <section className="application-page__progress" aria-labelledby="application-progress-title">
            <h2 id="application-progress-title">Progress</h2>
            <div className="application-card__timeline">
              <ol>
                <InterviewProgressStep applicationId={application.id} />
                {statusTimeline(application).map((change, index) => (
                  <li key={`${change.applicationStatus}-${change.changedOn}-${index}`}>
                    <span className="application-card__step">
                      {change.withdrawn ? WITHDRAWN_STEP : describeApplicationStatus(change.applicationStatus).label}
                      <TimelineReason change={change} />
                    </span>
                    <time dateTime={change.changedOn}>{formatDateTime(change.changedOn)}</time>
                  </li>
                ))}
              </ol>
            </div>
          </section>
          <div className="application-card__actions">
            {/* A plain link: the apply page is rendered by the server (docs/decisions/0372). */}
            <a href={applyPath(application.job.jobId)}>See the job</a>
            {canWithdraw(application) ? <WithdrawApplication application={application} /> : null}
          </div>
          {/*
            The page's sections, in order: each feature adds its own section component (a file of its own in this
            folder, rendering a <section> with its own h2, or nothing) with one line here.
          */}
          <div className="application-page__sections">
            <ApplicationInterview application={application} />
            <ApplicationMessages application={application} />
            <KeepOnFileSection application={application} />
            <ApplicationRecordSection application={application} />
            <ApplicationConsent application={application} />
          </div>
        </>
      ) : null}
    </section>
  );
}
