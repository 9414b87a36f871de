import { useParams } from 'react-router';
import { ApplicationPage } from '../../features/applications/components/application-page';

/** Login required (candidate-application): the page sets its own title, the job's, once the application has loaded. */
export default function ApplicationRoute() {
  const { applicationId = '' } = useParams();
  return <ApplicationPage key={applicationId} applicationId={applicationId} />;
}
