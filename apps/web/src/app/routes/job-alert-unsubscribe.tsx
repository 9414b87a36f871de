import { useSearchParams } from 'react-router';
import { JobAlertLinkPage } from '../../features/job-alerts/components/job-alert-link-page';
import './routes.css';

/** /job-alerts/unsubscribe?token=…: public, a job alert's unsubscribe link (issue 27 item 5). */
export default function JobAlertUnsubscribeRoute() {
  const [searchParams] = useSearchParams();
  return <JobAlertLinkPage mode="unsubscribe" token={searchParams.get('token') ?? ''} />;
}
