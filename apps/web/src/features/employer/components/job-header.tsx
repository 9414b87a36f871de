import { Link } from 'react-router';
import { applicationSourceName } from '@careers/contracts/application-sources';
import type { EmployerJob } from '@careers/contracts/employer';
import { AlertBanner } from '../../../components/alert-banner';
import { Badge } from '../../../components/badge';
import { firstServerErrorOr } from '../../../lib/api-error';
import { useEmployerJob, useEmployerJobStats } from '../api/jobs';
import { useCanEditJobs } from '../api/team';
import { applicationCounts } from '../application-status';
import { employerPaths } from '../paths';
import { everyDay } from './job-numbers';
import './job-page.css';

export type JobSection = 'applications' | 'publishing';

/** The job's numbers in one line: its applications, the last 30 days', and where most came from. */
export function JobSummaryLine({ job }: { job: EmployerJob }) {
  const stats = useEmployerJobStats(job.id);
  const parts = [`Applications: ${applicationCounts(job.applicationCount, job.withdrawnCount)}`];
  if (stats.data && stats.data.totalApplications > 0) {
    const recent = everyDay(stats.data).reduce((sum, entry) => sum + entry.applications, 0);
    parts.push(`${recent} in the last ${stats.data.days} days`);
    const top = stats.data.bySource[0];
    if (top) parts.push(`most from ${applicationSourceName(top.source)}`);
  }
  return <p className="employer-job__facts employer-job__counts employer-job-summary">{parts.join(' · ')}</p>;
}

/**
 * The head of a job's pages: its title and state, one summary line, and the two tabs (links to the two
 * routes): its applications, which the job opens on, and its sharing, publishing and numbers.
 */
export function JobHeader({ jobId, section }: { jobId: string; section: JobSection }) {
  const job = useEmployerJob(jobId);
  const canEdit = useCanEditJobs();
  const tabs: { section: JobSection; label: string; to: string }[] = [
    { section: 'applications', label: 'Applications', to: employerPaths.job(jobId) },
    { section: 'publishing', label: 'Sharing and publishing', to: employerPaths.jobPublishing(jobId) },
  ];
  return (
    <div className="employer-job-header">
      <p className="employer-breadcrumb">
        <Link to={employerPaths.jobs}>Jobs</Link>
      </p>
      <div className="employer-page__head">
        <h1 id="job-title">{job.data?.title ?? 'Job'}</h1>
        {job.data ? (
          <Badge tone={job.data.isLive ? 'success' : 'neutral'} srPrefix="State:">
            {job.data.isLive ? 'Open' : 'Closed'}
          </Badge>
        ) : null}
        {canEdit ? (
          <Link className="btn btn--secondary" to={employerPaths.editJob(jobId)}>
            Edit job
          </Link>
        ) : null}
      </div>
      {job.isError ? <AlertBanner type="alert-danger" message={firstServerErrorOr(job.error)} /> : null}
      {job.data ? <JobSummaryLine job={job.data} /> : null}
      <nav aria-label="Job sections">
        <ul className="employer-job-tabs">
          {tabs.map((tab) => (
            <li key={tab.section}>
              <Link to={tab.to} aria-current={tab.section === section ? 'page' : undefined}>
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
