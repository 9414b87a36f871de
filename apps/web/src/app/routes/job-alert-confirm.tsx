import { useSearchParams } from 'react-router';
import { JobAlertLinkPage } from '../../features/job-alerts/components/job-alert-link-page';
import './routes.css';

/** /job-alerts/confirm?token=…: public, the job alert's confirmation link (issue 27 item 5). */
export default function JobAlertConfirmRoute() {
  const [searchParams] = useSearchParams();
  return <JobAlertLinkPage mode="confirm" token={searchParams.get('token') ?? ''} />;
}
