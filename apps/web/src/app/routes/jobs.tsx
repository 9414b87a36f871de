import { SimplePage } from '../../components/simple-page';
import { JobSearchPage } from '../../features/careers/components/job-search-page';
import { hydrateOnUse } from '../../first-paint/hydrate-on-use';
import './routes.css';

/* The job-alert sign-up is hydrated on its first use, not with the page (docs/decisions/0464). */
const JobAlertSignup = hydrateOnUse(() => import('../../features/job-alerts/components/job-alert-signup'));

/**
 * Every open job of the install (issue 27 item 2, public, server-rendered). The job-alert sign-up for a
 * search (item 5) is passed as `alertSignUp`.
 */
export default function JobsRoute() {
  return (
    <SimplePage>
      <JobSearchPage alertSignUp={(search) => <JobAlertSignup key={search} search={search} />} />
    </SimplePage>
  );
}
