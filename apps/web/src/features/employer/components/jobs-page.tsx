import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { EmployerJob } from '@careers/contracts/employer';
import { AlertBanner } from '../../../components/alert-banner';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { Spinner } from '../../../components/spinner';
import { firstServerErrorOr } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { pageFromSearch } from '../../../lib/paging';
import { notifyError, notifySuccess } from '../../../lib/toast';
import { JOBS_PAGE_SIZE, useEmployerJobs, useSaveJob } from '../api/jobs';
import { useFirstSteps } from '../api/first-steps';
import { useCanEditJobs, useMembership } from '../api/team';
import { applicationCounts } from '../application-status';
import { jobBody } from '../job-body';
import { applyLink } from '../share-links';
import { CopyLink } from './copy-link';
import { employerPaths } from '../paths';
import { SourceFunnelSection } from './source-funnel';
import { CloseJobDialog } from './job-endings';
import { FirstStepsChecklist, stepsLeft } from './first-steps';

function JobRow({ job, canEdit }: { job: EmployerJob; canEdit: boolean }) {
  const save = useSaveJob();
  const [confirmingClose, setConfirmingClose] = useState(false);
  const toggle = () =>
    save.mutate(
      { jobId: job.id, body: jobBody(job, { isLive: !job.isLive }) },
      {
        onSuccess: () => {
          setConfirmingClose(false);
          notifySuccess(job.isLive ? 'Job closed.' : 'Job reopened.');
        },
        onError: (error) => {
          setConfirmingClose(false);
          notifyError(firstServerErrorOr(error));
        },
      },
    );
  // Closing takes the apply page down at once, so it is asked first; reopening is harmless and acts at once.
  const onToggle = () => (job.isLive ? setConfirmingClose(true) : toggle());
  return (
    <li className="employer-job card">
      <div className="employer-job__head">
        <h2 className="employer-job__title">
          <Link to={employerPaths.job(job.id)}>{job.title}</Link>
        </h2>
        <Badge tone={job.isLive ? 'success' : 'neutral'} srPrefix="State:">
          {job.isLive ? 'Open' : 'Closed'}
        </Badge>
      </div>
      <p className="employer-job__facts">
        <span>Applications: {applicationCounts(job.applicationCount, job.withdrawnCount)}</span>
        {job.city ? <span>{job.city}</span> : null}
        {job.postedOn ? <span>Posted {formatDate(job.postedOn)}</span> : null}
      </p>
      <CopyLink label={`Apply link for ${job.title}`} url={applyLink(window.location.origin, job.id)} />
      <div className="employer-job__actions">
        <Link className="btn btn--secondary" to={employerPaths.job(job.id)}>
          Applications
        </Link>
        {canEdit ? (
          <>
            <Link className="btn btn--secondary" to={employerPaths.editJob(job.id)}>
              Edit
            </Link>
            <Button variant="secondary" busy={save.isPending && !confirmingClose} onClick={onToggle}>
              {job.isLive ? 'Close job' : 'Reopen job'}
            </Button>
          </>
        ) : null}
      </div>
      {/* Closing tells every open application its outcome (docs/decisions/0410): the dialog says who first. */}
      {confirmingClose ? <CloseJobDialog job={job} open onClose={() => setConfirmingClose(false)} /> : null}
    </li>
  );
}

/** /employer: the business's jobs with their state, number of applications and apply link. */
export function JobsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFromSearch(searchParams.get('page'));
  const jobs = useEmployerJobs(page);
  const canEdit = useCanEditJobs();
  // A new business's owner is led through its first hour (docs/decisions/0496); the others' steps are theirs.
  const isOwner = useMembership().data?.role === 'Owner';
  const firstSteps = useFirstSteps(isOwner);
  const checklist = isOwner && firstSteps.data ? stepsLeft(firstSteps.data) : null;
  return (
    <section className="page employer-page" aria-labelledby="jobs-title">
      <div className="employer-page__head">
        <h1 id="jobs-title">Jobs</h1>
        {canEdit ? (
          <Link className="btn btn--primary" to={employerPaths.newJob}>
            Post a job
          </Link>
        ) : null}
      </div>
      {checklist ? <FirstStepsChecklist items={checklist} /> : null}
      {jobs.isPending ? <Spinner label="Loading your jobs" /> : null}
      {jobs.isError ? <AlertBanner type="alert-danger" message={firstServerErrorOr(jobs.error)} /> : null}
      {/* The checklist leads to the first job itself. */}
      {jobs.data && jobs.data.length === 0 && page === 1 && !checklist ? (
        canEdit ? (
          <EmptyState title="No jobs yet" action={<Link to={employerPaths.newJob}>Post your first job</Link>}>
            <p>Post a job, then share its link wherever candidates look.</p>
          </EmptyState>
        ) : (
          <EmptyState title="No jobs given to you yet">
            <p>An owner of the business chooses the jobs whose applications you read.</p>
          </EmptyState>
        )
      ) : null}
      {jobs.data && jobs.data.length > 0 ? (
        <ul className="employer-list">
          {jobs.data.map((job) => (
            <JobRow key={job.id} job={job} canEdit={canEdit} />
          ))}
        </ul>
      ) : null}
      {jobs.data && (page > 1 || jobs.data.length === JOBS_PAGE_SIZE) ? (
        <nav className="employer-pager" aria-label="Jobs pages">
          <Button
            variant="secondary"
            disabled={page === 1}
            onClick={() => setSearchParams(page > 2 ? { page: String(page - 1) } : {})}
          >
            Newer jobs
          </Button>
          <Button
            variant="secondary"
            disabled={jobs.data.length < JOBS_PAGE_SIZE}
            onClick={() => setSearchParams({ page: String(page + 1) })}
          >
            Older jobs
          </Button>
        </nav>
      ) : null}
      {jobs.data && (jobs.data.length > 0 || page > 1) ? (
        <SourceFunnelSection title="Where hires come from: all jobs" />
      ) : null}
    </section>
  );
}
