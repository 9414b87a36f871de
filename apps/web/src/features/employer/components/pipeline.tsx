import { Link } from 'react-router';
import type { ApplicationStatus } from '@careers/contracts/enums';
import { EmailNotVerified } from './email-not-verified';
import { Spinner } from '../../../components/spinner';
import { formatDate } from '../../../lib/format';
import { useJobApplications } from '../api/applications';
import { employerStatusLabel, statusesInOrder } from '../application-status';
import { employerPaths } from '../paths';
import { UnmetRequirements } from './unmet-requirements';
import { PipelineInterview } from './pipeline-interview';

/** A column of the pipeline: one status (the applications that stand at it) or the withdrawn ones. */
export type PipelineColumn = ApplicationStatus | 'withdrawn';

function Stage({
  jobId,
  column,
  onShowAll,
}: {
  jobId: string;
  column: PipelineColumn;
  onShowAll: (column: PipelineColumn) => void;
}) {
  const withdrawn = column === 'withdrawn';
  const applications = useJobApplications(
    jobId,
    withdrawn ? { page: 1, withdrawn: true } : { page: 1, status: column, withdrawn: false },
  );
  const data = applications.data;
  const name = withdrawn ? 'Withdrawn' : employerStatusLabel[column];
  const titleId = `pipeline-${column}`;
  return (
    <section
      className={withdrawn ? 'employer-stage employer-stage--withdrawn' : 'employer-stage'}
      aria-labelledby={titleId}
    >
      <h3 id={titleId} className="employer-stage__title">
        {name} <span className="employer-stage__count">{data ? data.totalApplications : ''}</span>
      </h3>
      {applications.isPending ? <Spinner label={`Loading ${name}`} /> : null}
      {data ? (
        <ul className="employer-stage__list">
          {data.applications.map((application) => (
            <li key={application.id} className="employer-stage__card">
              <Link to={employerPaths.application(application.id)}>{application.candidate.name}</Link>
              <span>Applied {formatDate(application.appliedOn)}</span>
              <UnmetRequirements count={application.doesNotMeet} />
              <PipelineInterview jobId={jobId} applicationId={application.id} />
              {application.withdrawnOn ? (
                <span>
                  Withdrawn {formatDate(application.withdrawnOn)} at{' '}
                  {employerStatusLabel[application.applicationStatus]}
                </span>
              ) : null}
              <EmailNotVerified verified={application.emailVerified} />
            </li>
          ))}
        </ul>
      ) : null}
      {data && data.totalApplications > data.applications.length ? (
        <button type="button" className="btn btn--secondary" onClick={() => onShowAll(column)}>
          See all {data.totalApplications}
        </button>
      ) : null}
    </section>
  );
}

const COLUMNS: readonly PipelineColumn[] = [...statusesInOrder, 'withdrawn'];

/**
 * A job's applications by stage: the seven statuses (applications that stand) and the withdrawn ones, the
 * newest of each first. Side by side where there is room; stacked one under another on narrow screens, so
 * that nothing hides off to the side of a phone.
 */
export function Pipeline({ jobId, onShowAll }: { jobId: string; onShowAll: (column: PipelineColumn) => void }) {
  return (
    <div className="employer-pipeline" role="region" aria-label="Pipeline">
      {COLUMNS.map((column) => (
        <Stage key={column} jobId={jobId} column={column} onShowAll={onShowAll} />
      ))}
    </div>
  );
}
