import { Link, useSearchParams } from 'react-router';
import { AlertBanner } from '../../../components/alert-banner';
import { EmptyState } from '../../../components/empty-state';
import { Pagination } from '../../../components/pagination';
import { Spinner } from '../../../components/spinner';
import { firstServerErrorOr } from '../../../lib/api-error';
import { pageFromSearch } from '../../../lib/paging';
import { APPLICATIONS_PAGE_SIZE, useJobApplications } from '../api/get-job-applications';
import { ApplicationCard } from './application-card';
import '../../../components/list-card.css';
import './applications.css';
import { paths } from '../../../lib/paths';

/** /applications: every job the candidate applied for, with where each one stands. */
export function ApplicationsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFromSearch(searchParams.get('page'));
  // A status e-mail links to /applications?application={id}.
  const focusedId = searchParams.get('application');
  const applications = useJobApplications(page);
  const data = applications.data;

  const goTo = (next: number) => {
    setSearchParams(next > 1 ? { page: String(next) } : {});
    window.scrollTo?.({ top: 0 });
  };

  return (
    <section className="page applications-page" aria-labelledby="applications-title">
      <h1 id="applications-title">Job Applications</h1>
      <p className="page__lead">
        Every job you applied for, and where your application stands. CVs you left with a business without applying for
        a job are under <Link to={paths.cvDrops}>CV drops</Link>.
      </p>
      {applications.isPending ? <Spinner label="Loading your applications" /> : null}
      {applications.isError ? (
        <AlertBanner type="alert-danger" message={firstServerErrorOr(applications.error)} />
      ) : null}
      {data && data.totalApplications === 0 ? (
        <EmptyState
          title="No applications yet"
          action={
            <>
              {/* A plain link: /jobs is rendered by the server (docs/decisions/0372). */}
              <a href={paths.jobs}>Find a job</a> · <Link to={paths.cvs}>Get your CV ready</Link>
            </>
          }
        >
          <p>
            Found a job you like on a job board or an employer&apos;s careers site? Choose Apply there and your
            application shows up here, with every step the employer takes. Or search every open job here.
          </p>
        </EmptyState>
      ) : null}
      {data && data.applications.length > 0 ? (
        <ul className="list-cards application-list" aria-busy={applications.isPlaceholderData || undefined}>
          {data.applications.map((application) => (
            <ApplicationCard
              key={application.id}
              application={application}
              focused={application.id === focusedId}
              canApplyAgain={
                !data.applications.some((other) => other.job.jobId === application.job.jobId && !other.withdrawnOn)
              }
            />
          ))}
        </ul>
      ) : null}
      {data && data.totalApplications > 0 && data.applications.length === 0 ? (
        <p>
          There is nothing on this page. <Link to={paths.applications}>Go to the first page</Link>
        </p>
      ) : null}
      {data ? (
        <Pagination
          label="Job applications pages"
          page={page}
          pageSize={data.pageSize || APPLICATIONS_PAGE_SIZE}
          total={data.totalApplications}
          onPageChange={goTo}
          disabled={applications.isFetching}
        />
      ) : null}
    </section>
  );
}
