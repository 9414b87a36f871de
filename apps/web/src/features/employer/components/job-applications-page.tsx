import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ApplicationStatus } from '@careers/contracts/enums';
import { AlertBanner } from '../../../components/alert-banner';
import { EmailNotVerified } from './email-not-verified';
import { Badge } from '../../../components/badge';
import { EmptyState } from '../../../components/empty-state';
import { Pagination } from '../../../components/pagination';
import { Spinner } from '../../../components/spinner';
import { TextInput } from '../../../components/text-input';
import { firstServerErrorOr } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { pageFromSearch } from '../../../lib/paging';
import { APPLICATIONS_PAGE_SIZE, useJobApplications } from '../api/applications';
import { useEmployerJob } from '../api/jobs';
import { useCanEditJobs } from '../api/team';
import {
  applicationCounts,
  employerApplicationBadge,
  employerStatusLabel,
  statusesInOrder,
} from '../application-status';
import { applyLink, trackedApplyLink } from '../share-links';
import { CopyLink } from './copy-link';
import { ApplyQrCode } from './apply-qr-code';
import { JobAsCandidatesSeeIt } from './job-preview';
import { JobNumbers } from './job-numbers';
import { JobReach } from './job-reach';
import { Pipeline } from './pipeline';
import { DeletedApplications } from './deleted-applications';
import { employerPaths } from '../paths';
import { ReplyMark } from './job-endings';
import { UnmetRequirements } from './unmet-requirements';
import { JobUnreadReplies, UnreadReplies } from './employer-messages';

/** The list's filter: every application, one status among those that stand, or the withdrawn ones. */
type StatusFilter = ApplicationStatus | 'withdrawn' | undefined;

const WITHDRAWN_FILTER = 'withdrawn';

function readStatus(value: string | null): StatusFilter {
  if (value === WITHDRAWN_FILTER) return WITHDRAWN_FILTER;
  const status = Number(value);
  return value !== null && value !== '' && statusesInOrder.includes(status as ApplicationStatus)
    ? (status as ApplicationStatus)
    : undefined;
}

/** The query of a filter: a status shows only the applications that stand at it, as the pipeline does. */
function statusQuery(filter: StatusFilter): { status?: ApplicationStatus; withdrawn?: boolean } {
  if (filter === WITHDRAWN_FILTER) return { withdrawn: true };
  if (filter === undefined) return {};
  return { status: filter, withdrawn: false };
}

function ShareLinks({ jobId, title }: { jobId: string; title: string }) {
  const [board, setBoard] = useState('');
  return (
    <section className="card employer-share" aria-labelledby="share-title">
      <h2 id="share-title">Share this job</h2>
      <CopyLink label="Apply link" url={applyLink(window.location.origin, jobId)} />
      <ApplyQrCode url={applyLink(window.location.origin, jobId)} />
      <TextInput
        label="Job board"
        hint="Name a board to get a link whose applications say they came from it"
        value={board}
        onChange={(event) => setBoard(event.currentTarget.value)}
      />
      {board.trim() ? (
        <CopyLink
          label={`Apply link for ${board.trim()}`}
          url={trackedApplyLink(window.location.origin, jobId, board, title)}
        />
      ) : null}
    </section>
  );
}

/** /employer/jobs/{id}: the job's applications, newest first, filtered by status and searched by name or e-mail. */
export function JobApplicationsPage({ jobId }: { jobId: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFromSearch(searchParams.get('page'));
  const status = readStatus(searchParams.get('status'));
  const search = searchParams.get('search') ?? '';
  const pipeline = searchParams.get('view') === 'pipeline';
  const [searchText, setSearchText] = useState(search);
  const job = useEmployerJob(jobId);
  const canEdit = useCanEditJobs();
  const applications = useJobApplications(jobId, { page, search, ...statusQuery(status) });

  const setQuery = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setSearchParams(next);
  };

  const data = applications.data;
  return (
    <section className="page employer-page" aria-labelledby="job-title">
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
      {job.data ? (
        <p className="employer-job__facts employer-job__counts">
          <span>Applications: {applicationCounts(job.data.applicationCount, job.data.withdrawnCount)}</span>
        </p>
      ) : null}
      {job.data ? <JobAsCandidatesSeeIt job={job.data} /> : null}
      {job.data ? <ShareLinks jobId={jobId} title={job.data.title} /> : null}
      {job.data ? <JobNumbers jobId={jobId} /> : null}
      {job.data ? <JobReach jobId={jobId} /> : null}

      <div className="employer-page__head">
        <h2>Applications</h2>
        <nav className="employer-views" aria-label="Applications view">
          <Link to={employerPaths.job(jobId)} aria-current={pipeline ? undefined : 'page'}>
            List
          </Link>
          <Link to={`${employerPaths.job(jobId)}?view=pipeline`} aria-current={pipeline ? 'page' : undefined}>
            Pipeline
          </Link>
        </nav>
      </div>
      {pipeline ? (
        <Pipeline
          jobId={jobId}
          onShowAll={(value) => setSearchParams({ status: value === 'withdrawn' ? WITHDRAWN_FILTER : String(value) })}
        />
      ) : null}
      {pipeline ? null : (
        <>
          <form
            className="employer-filters"
            role="search"
            aria-label="Filter applications"
            onSubmit={(event) => {
              event.preventDefault();
              setQuery({ search: searchText.trim() || undefined, page: undefined });
            }}
          >
            <label className="employer-select">
              <span>Status</span>
              <select
                value={status ?? ''}
                onChange={(event) => setQuery({ status: event.currentTarget.value || undefined, page: undefined })}
              >
                <option value="">All statuses</option>
                {statusesInOrder.map((value) => (
                  <option key={value} value={value}>
                    {employerStatusLabel[value]}
                  </option>
                ))}
                <option value={WITHDRAWN_FILTER}>Withdrawn</option>
              </select>
            </label>
            <TextInput
              label="Name or email"
              type="search"
              value={searchText}
              onChange={(event) => setSearchText(event.currentTarget.value)}
            />
            <button type="submit" className="btn btn--secondary">
              Search
            </button>
          </form>

          {applications.isPending ? <Spinner label="Loading applications" /> : null}
          {applications.isError ? (
            <AlertBanner type="alert-danger" message={firstServerErrorOr(applications.error)} />
          ) : null}
          {data && data.totalApplications === 0 ? (
            <EmptyState title={status !== undefined || search ? 'No applications match' : 'No applications yet'}>
              <p>
                {status !== undefined || search
                  ? 'Try another status or search.'
                  : 'Share the apply link: applications show up here.'}
              </p>
            </EmptyState>
          ) : null}
          {data ? <JobUnreadReplies count={data.unreadMessages} /> : null}
          {data && data.applications.length > 0 ? (
            <ul className="employer-list" aria-busy={applications.isPlaceholderData || undefined}>
              {data.applications.map((application) => {
                const badge = employerApplicationBadge(application);
                return (
                  <li key={application.id} className="employer-application card">
                    <div className="employer-job__head">
                      <h3 className="employer-application__name">
                        <Link to={employerPaths.application(application.id)}>{application.candidate.name}</Link>
                      </h3>
                      <Badge tone={badge.tone} srPrefix="Status:">
                        {badge.label}
                      </Badge>
                    </div>
                    <p className="employer-job__facts">
                      <span>{application.candidate.email}</span>
                      <EmailNotVerified verified={application.emailVerified} />
                      <span>Applied {formatDate(application.appliedOn)}</span>
                      <ReplyMark application={application} />
                      <UnreadReplies count={application.unreadMessages} />
                      <UnmetRequirements count={application.doesNotMeet} />
                      {application.withdrawnOn ? <span>Withdrawn {formatDate(application.withdrawnOn)}</span> : null}
                      {application.utmSource ? <span>From {application.utmSource}</span> : null}
                    </p>
                    {application.withdrawnOn && application.withdrawalReason ? (
                      <p className="employer-application__reason">
                        Reason: <q>{application.withdrawalReason}</q>
                      </p>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          ) : null}
          <DeletedApplications jobId={jobId} />
          {data ? (
            <Pagination
              label="Applications pages"
              page={page}
              pageSize={data.pageSize || APPLICATIONS_PAGE_SIZE}
              total={data.totalApplications}
              onPageChange={(next) => setQuery({ page: next > 1 ? String(next) : undefined })}
              disabled={applications.isFetching}
            />
          ) : null}
        </>
      )}
    </section>
  );
}
