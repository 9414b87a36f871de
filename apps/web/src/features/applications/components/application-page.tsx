import { Link } from 'react-router';
import { AlertBanner } from '../../../components/alert-banner';
import { Badge } from '../../../components/badge';
import { usePageTitle } from '../../../components/page-title';
import { Spinner } from '../../../components/spinner';
import { firstServerErrorOr } from '../../../lib/api-error';
import { applyPath, paths } from '../../../lib/paths';
import { useJobApplication } from '../api/get-job-application';
import { applicationBadge } from '../application-story';
import { canWithdraw } from '../withdrawal';
import { ApplicationFacts, StatusTimelineSteps } from './application-card';
import { WithdrawApplication } from './withdraw-application';
import { ApplicationMessages } from './application-messages';
import { ApplicationInterview, InterviewProgressStep } from './application-interview';
import { ApplicationRecordSection } from './application-record-section';
import { KeepOnFileSection } from './application-reply';
import { ApplicationConsent } from './application-consent';
import { ApplicationStory } from './application-story';
import '../../../components/list-card.css';
import './applications.css';
import './application-page.css';

/**
 * /applications/{applicationId}: one of the candidate's applications (a status email and its card link here).
 * The heading is there from the first render (the job's title once loaded), so the focus a new page gives
 * its heading stays on it while the application loads.
 */
export function ApplicationPage({ applicationId }: { applicationId: string }) {
  const query = useJobApplication(applicationId);
  const application = query.data;
  usePageTitle(application ? application.job.title : query.isError ? 'Application not found' : 'Job application');
  const status = application ? applicationBadge(application) : null;
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
          <ApplicationStory application={application} />
          <ApplicationFacts application={application} consentLine={false} />
          <section className="application-page__progress" aria-labelledby="application-progress-title">
            <h2 id="application-progress-title">Progress</h2>
            <div className="application-card__timeline">
              <ol>
                <InterviewProgressStep applicationId={application.id} />
                <StatusTimelineSteps application={application} />
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
