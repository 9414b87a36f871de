import { BusinessPage } from '../../../features/employer/components/business-page';
import { PageTitle } from '../../../components/page-title';

export default function EmployerBusinessRoute() {
  return (
    <>
      <PageTitle title="Business · Employer" />
      <BusinessPage />
    </>
  );
}
