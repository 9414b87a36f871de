import { useParams } from 'react-router';
import { ApplicationPage } from '../../../features/employer/components/application-page';

export default function EmployerApplicationRoute() {
  const { applicationId = '' } = useParams();
  return (
    <>
      <title>Application · Employer · Careers Portal</title>
      <ApplicationPage key={applicationId} applicationId={applicationId} />
    </>
  );
}
