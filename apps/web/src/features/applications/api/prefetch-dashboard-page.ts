import type { QueryClient } from '@tanstack/react-query';
import { pageFromSearch } from '../../../lib/paging';
import { paths } from '../../../lib/paths';
import { jobApplicationsQueryOptions } from './get-job-applications';

/**
 * The applications the dashboard page at `location` shows, fetched into the cache under the page's own key
 * (startup runs it beside its own calls, so the page renders complete at the end of startup): the list at
 * /applications (the page its ?page= names), the latest ones on the home page. Other pages load their own.
 */
// Once, as startup's own calls are asked: a failure shows on the page (which asks again), not as a longer
// Application Status panel.
const once = { retry: false } as const;

export function prefetchDashboardPage(
  queryClient: QueryClient,
  location: { pathname: string; search: string },
): Promise<void> {
  const pathname = location.pathname.replace(/\/+$/, '') || '/';
  if (pathname === paths.applications) {
    const page = pageFromSearch(new URLSearchParams(location.search).get('page'));
    return queryClient.prefetchQuery({ ...jobApplicationsQueryOptions(page), ...once });
  }
  if (pathname === paths.home || pathname === paths.dashboard)
    return queryClient.prefetchQuery({ ...jobApplicationsQueryOptions(1), ...once });
  return Promise.resolve();
}
