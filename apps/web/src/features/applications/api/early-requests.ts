import { pageFromSearch } from '../../../lib/paging';
import { paths } from '../../../lib/paths';
import { buildUrl } from '../../../lib/request';
import { APPLICATIONS_PAGE_SIZE } from './page-size';

/**
 * The addresses the dashboard page at `pathname` asks the candidate service for as it starts (startup's GET
 * /candidate and GET /cvs, and the list as prefetchDashboardPage asks it), for its HTML to ask first
 * (lib/early-answers.ts, docs/decisions/0466); none for other pages. The same text as the HTTP client builds
 * (request.ts buildUrl), or the answers would not be taken. Compiled into the page's inline script: no
 * import here may bring the app's libraries.
 */
export function dashboardEarlyRequestUrls(candidateBaseUrl: string, pathname: string, search: string): string[] {
  const page = pathname.replace(/\/+$/, '') || '/';
  if (page !== paths.applications) return [];
  const list = { page: pageFromSearch(new URLSearchParams(search).get('page')), pageSize: APPLICATIONS_PAGE_SIZE };
  return [
    buildUrl({ baseURL: candidateBaseUrl, url: '/candidate' }),
    buildUrl({ baseURL: candidateBaseUrl, url: '/cvs' }),
    buildUrl({ baseURL: candidateBaseUrl, url: '/job-applications', params: list }),
  ];
}
