import { useParams } from 'react-router';
import { ApplicationPage } from '../../../features/employer/components/application-page';
import { PageTitle } from '../../../components/page-title';

export default function EmployerApplicationRoute() {
  const { applicationId = '' } = useParams();
  return (
    <>
      <PageTitle title="Application · Employer" />
      <ApplicationPage key={applicationId} applicationId={applicationId} />
    </>
  );
}
