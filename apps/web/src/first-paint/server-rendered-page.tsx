import { createContext, useContext } from 'react';
import type { Job } from '@careers/contracts/candidate';
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

/** The id of the non-executable JSON block (CSP allows no inline script) that carries the page to the browser. */
export const SERVER_PAGE_DATA_ID = 'server-page-data';

const ServerRenderedPageContext = createContext<ServerRenderedApplyPage | null>(null);

export const ServerRenderedPageProvider = ServerRenderedPageContext.Provider;

/** The server's apply page for this job id, or null when the page was not rendered on the server. */
export function useServerRenderedApplyPage(jobId: string): ServerRenderedApplyPage | null {
  const page = useContext(ServerRenderedPageContext);
  return page?.jobId === jobId ? page : null;
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
