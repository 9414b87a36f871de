import { Link } from 'react-router';
import type { ApplicationStatus } from '@careers/contracts/enums';
import { EmailNotVerified } from './email-not-verified';
import { Spinner } from '../../../components/spinner';
import { formatDate } from '../../../lib/format';
import { useJobApplications } from '../api/applications';
import { employerStatusLabel, statusesInOrder } from '../application-status';
import { employerPaths } from '../paths';

function Stage({
  jobId,
  status,
  onShowAll,
}: {
  jobId: string;
  status: ApplicationStatus;
  onShowAll: (status: ApplicationStatus) => void;
}) {
  const applications = useJobApplications(jobId, { page: 1, status });
  const data = applications.data;
  const titleId = `pipeline-${status}`;
  return (
    <section className="employer-stage" aria-labelledby={titleId}>
      <h3 id={titleId} className="employer-stage__title">
        {employerStatusLabel[status]}{' '}
        <span className="employer-stage__count">{data ? data.totalApplications : ''}</span>
      </h3>
      {applications.isPending ? <Spinner label={`Loading ${employerStatusLabel[status]}`} /> : null}
      {data ? (
        <ul className="employer-stage__list">
          {data.applications.map((application) => (
            <li key={application.id} className="employer-stage__card">
              <Link to={employerPaths.application(application.id)}>{application.candidate.name}</Link>
              <span>Applied {formatDate(application.appliedOn)}</span>
              <EmailNotVerified verified={application.emailVerified} />
            </li>
          ))}
        </ul>
      ) : null}
      {data && data.totalApplications > data.applications.length ? (
        <button type="button" className="btn btn--secondary" onClick={() => onShowAll(status)}>
          See all {data.totalApplications}
        </button>
      ) : null}
    </section>
  );
}

/** A job's applications by stage (issue 14): the seven statuses side by side, the newest of each first. */
export function Pipeline({ jobId, onShowAll }: { jobId: string; onShowAll: (status: ApplicationStatus) => void }) {
  return (
    <div className="employer-pipeline" role="region" aria-label="Pipeline" tabIndex={0}>
      {statusesInOrder.map((status) => (
        <Stage key={status} jobId={jobId} status={status} onShowAll={onShowAll} />
      ))}
    </div>
  );
}
