import type { ReactNode } from 'react';
import type { JobSearchResult } from '@careers/contracts/careers';
import { useLocation } from 'react-router';
import { AlertBanner } from '../../../components/alert-banner';
import { EmptyState } from '../../../components/empty-state';
import { Spinner } from '../../../components/spinner';
import { usePageTitle } from '../../../components/page-title';
import { useServerRenderedJobSearch } from '../../../first-paint/server-rendered-page';
import { paths } from '../../../lib/paths';
import { useJobSearch } from '../api/careers-api';
import { isFiltered, jobSearchQuery, readJobSearch, type JobSearchParams } from '../job-search-query';
import { JobList } from './job-list';
import '../../../components/list-card.css';
import '../../../components/button.css';
import './careers.css';

export interface JobSearchPageProps {
  /** "Tell me about new jobs" for this search (issue 27 item 5), given by the route when there is one. */
  alertSignUp?: (search: string) => ReactNode;
}

/**
 * Every open job of the install (issue 27 item 2, docs/decisions/0372). The search is a plain GET form: each
 * filter is in the address, so a search can be shared and the page works before (or without) its script.
 */
export function JobSearchPage({ alertSignUp }: JobSearchPageProps) {
  const location = useLocation();
  const params = readJobSearch(location.search);
  const query = jobSearchQuery(params);
  const server = useServerRenderedJobSearch(query);
  const search = useJobSearch(query, server?.result);
  const filtered = isFiltered(params);
  const heading = params.q ? `Jobs matching “${params.q}”` : 'Find a job';
  usePageTitle(heading);
  const result = search.data;
  return (
    <div className="job-search">
      <h1>{heading}</h1>
      <SearchForm params={params} />
      {/* Job alerts (issue 27 item 5) go here: "Tell me about new jobs" for this search. */}
      {alertSignUp ? (
        <section className="job-search__alerts">{alertSignUp(jobSearchQuery({ ...params, page: 1 }))}</section>
      ) : null}
      <section aria-labelledby="job-search-results" className="job-search__results">
        <h2 id="job-search-results" className="visually-hidden">
          Results
        </h2>
        {result ? (
          result.jobs.length > 0 ? (
            <>
              <p className="job-search__count">{resultCount(result)}</p>
              <JobList jobs={result.jobs} showBusiness />
              <Pager params={params} hasNextPage={result.hasNextPage} />
            </>
          ) : (
            <EmptyState
              title={
                result.page > 1 ? 'No more jobs' : filtered ? 'No job matches this search' : 'No open jobs right now'
              }
              action={filtered ? <a href={paths.jobs}>See every open job</a> : undefined}
            >
              {filtered ? <p>Try fewer words or filters.</p> : <p>Come back soon: new jobs are posted every day.</p>}
            </EmptyState>
          )
        ) : search.isError ? (
          <AlertBanner type="alert-danger" message="The jobs could not be loaded. Please try again." />
        ) : (
          <Spinner label="Loading the jobs" />
        )}
      </section>
      <p className="job-search__feeds">
        Every open job as a feed, for job boards and feed readers: <a href={FEED_PATHS.xml}>XML</a> ·{' '}
        <a href={FEED_PATHS.json}>JSON Feed</a>
      </p>
    </div>
  );
}

/** The install's feeds of every open job (the candidate service writes them on the portal's origin). */
const FEED_PATHS = { xml: '/feeds/jobs.xml', json: '/feeds/jobs.json' };

const COUNT = new Intl.NumberFormat('en-GB');

/** "1 job", "240 jobs", or "More than 1,000 jobs" once the service stopped counting. */
function resultCount(result: Pick<JobSearchResult, 'total' | 'totalIsAtLeast'>): string {
  if (result.totalIsAtLeast) return `More than ${COUNT.format(result.total)} jobs`;
  return result.total === 1 ? '1 job' : `${COUNT.format(result.total)} jobs`;
}

function SearchForm({ params }: { params: JobSearchParams }) {
  return (
    <form className="job-search__form" method="get" action={paths.jobs} role="search" aria-label="Search jobs">
      <div className="job-search__field job-search__field--wide">
        <label htmlFor="job-search-q">What</label>
        <input
          id="job-search-q"
          name="q"
          type="search"
          defaultValue={params.q}
          maxLength={200}
          placeholder="Job title or keywords"
        />
      </div>
      <div className="job-search__field">
        <label htmlFor="job-search-location">Where</label>
        <input
          id="job-search-location"
          name="location"
          type="text"
          defaultValue={params.location}
          maxLength={100}
          placeholder="Town, region or post code"
        />
      </div>
      <div className="job-search__field">
        <label htmlFor="job-search-hours">Hours</label>
        <select id="job-search-hours" name="hours" defaultValue={params.hours}>
          <option value="">Any</option>
          <option value="full">Full time</option>
          <option value="part">Part time</option>
        </select>
      </div>
      <div className="job-search__field">
        <label htmlFor="job-search-contract">Contract</label>
        <select id="job-search-contract" name="contract" defaultValue={params.contract}>
          <option value="">Any</option>
          <option value="permanent">Permanent</option>
          <option value="contract">Contract</option>
        </select>
      </div>
      <div className="job-search__checks">
        <label>
          <input type="checkbox" name="remote" value="1" defaultChecked={params.remote} /> Remote only
        </label>
        <label>
          <input type="checkbox" name="salary" value="1" defaultChecked={params.salary} /> Salary shown
        </label>
      </div>
      <button type="submit" className="btn btn--primary job-search__submit">
        Search
      </button>
    </form>
  );
}

function Pager({ params, hasNextPage }: { params: JobSearchParams; hasNextPage: boolean }) {
  if (params.page === 1 && !hasNextPage) return null;
  return (
    <nav className="job-search__pager" aria-label="Pages of jobs">
      {params.page > 1 ? (
        <a rel="prev" href={`${paths.jobs}${jobSearchQuery(params, params.page - 1)}`}>
          Previous page
        </a>
      ) : (
        <span />
      )}
      <span>Page {params.page}</span>
      {hasNextPage ? (
        <a rel="next" href={`${paths.jobs}${jobSearchQuery(params, params.page + 1)}`}>
          Next page
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}
