import { createContext, useContext } from 'react';
import type { Job } from '@careers/contracts/candidate';
import type { CareersPage, JobSearchResult } from '@careers/contracts/careers';
import type { JobFact } from '../features/apply/utils/job-facts';

/**
 * What the portal's server knew when it rendered an apply page (docs/decisions/0061): the job (null when
 * the candidate service answered 404) and the logo address it chose, since the logo's cache-busting number
 * is random and hydration must see the same markup the server sent.
 */
export interface ServerRenderedApplyPage {
  jobId: string;
  job: Job | null;
  logoUrl: string | null;
  /** The job's facts in words (docs/decisions/0171): the browser hydrates them without loading job-facts.ts first. */
  facts?: JobFact[];
}

/** A careers page as the server rendered it (docs/decisions/0370): the page, and the logo address it chose. */
export interface ServerRenderedCareersPage {
  kind: 'careers';
  slug: string;
  page: CareersPage;
  logoUrl: string;
}

/** /jobs as the server rendered it (docs/decisions/0372): the search (its URL query) and its result. */
export interface ServerRenderedJobSearch {
  kind: 'jobs';
  search: string;
  result: JobSearchResult;
}

/** Every page the portal's server renders goes through this one seam (docs/decisions/0311). */
export type ServerRenderedPage = ServerRenderedApplyPage | ServerRenderedCareersPage | ServerRenderedJobSearch;

/** The id of the non-executable JSON block (CSP allows no inline script) that carries the page to the browser. */
export const SERVER_PAGE_DATA_ID = 'server-page-data';

const ServerRenderedPageContext = createContext<ServerRenderedPage | null>(null);

export const ServerRenderedPageProvider = ServerRenderedPageContext.Provider;

/** The server's apply page for this job id, or null when the page was not rendered on the server. */
export function useServerRenderedApplyPage(jobId: string): ServerRenderedApplyPage | null {
  const page = useContext(ServerRenderedPageContext);
  return page && 'jobId' in page && page.jobId === jobId ? page : null;
}

/** The server's careers page for this slug, or null. */
export function useServerRenderedCareersPage(slug: string): ServerRenderedCareersPage | null {
  const page = useContext(ServerRenderedPageContext);
  return page && 'kind' in page && page.kind === 'careers' && page.slug === slug ? page : null;
}

/** The server's /jobs page for this URL query, or null. */
export function useServerRenderedJobSearch(search: string): ServerRenderedJobSearch | null {
  const page = useContext(ServerRenderedPageContext);
  return page && 'kind' in page && page.kind === 'jobs' && page.search === search ? page : null;
}

/** JSON that is safe inside a `<script>` element: no `</script>`, `<!--` or line separators can end or confuse it. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
