import { SimplePage } from '../../components/simple-page';
import { JobSearchPage } from '../../features/careers/components/job-search-page';
import './routes.css';

/**
 * Every open job of the install (issue 27 item 2, public, server-rendered). The job-alert sign-up for a
 * search (item 5) is passed as `alertSignUp`.
 */
export default function JobsRoute() {
  return (
    <SimplePage>
      <JobSearchPage />
    </SimplePage>
  );
}
