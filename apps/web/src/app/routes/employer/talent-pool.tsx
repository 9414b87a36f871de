import { PageTitle } from '../../../components/page-title';
import { TalentPoolPage } from '../../../features/employer/components/talent-pool-page';

export default function EmployerTalentPoolRoute() {
  return (
    <>
      <PageTitle title="Talent pool · Employer" />
      <TalentPoolPage />
    </>
  );
}
