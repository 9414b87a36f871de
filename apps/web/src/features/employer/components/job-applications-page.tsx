import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { applicationSourceName } from '@careers/contracts/application-sources';
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
import { employerApplicationBadge, employerStatusLabel, statusesInOrder } from '../application-status';
import { JobHeader } from './job-header';
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

/**
 * /employer/jobs/{id}: the job opens on its applications (docs/decisions/0562), newest first, filtered by status
 * and searched by name or e-mail, or as the pipeline; its sharing, publishing and numbers are the second tab.
 */
export function JobApplicationsPage({ jobId }: { jobId: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFromSearch(searchParams.get('page'));
  const status = readStatus(searchParams.get('status'));
  const search = searchParams.get('search') ?? '';
  const pipeline = searchParams.get('view') === 'pipeline';
  const [searchText, setSearchText] = useState(search);
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
      <JobHeader jobId={jobId} section="applications" />
      <section className="employer-job-applications" aria-labelledby="applications-title">
        <div className="employer-page__head">
          <h2 id="applications-title">Applications</h2>
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
                {status !== undefined || search ? null : (
                  <p>
                    <Link to={employerPaths.jobPublishing(jobId)}>Share and publish this job</Link>
                  </p>
                )}
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
                        {application.source ? <span>From {applicationSourceName(application.source)}</span> : null}
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
    </section>
  );
}
