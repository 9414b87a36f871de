import { EmployerCvDropsPage } from '../../../features/employer/components/cv-drops-page';
import { PageTitle } from '../../../components/page-title';

export default function EmployerCvDropsRoute() {
  return (
    <>
      <PageTitle title="CV drops · Employer" />
      <EmployerCvDropsPage />
    </>
  );
}
