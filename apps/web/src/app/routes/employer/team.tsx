import { TeamPage } from '../../../features/employer/components/team-page';
import { PageTitle } from '../../../components/page-title';

export default function EmployerTeamRoute() {
  return (
    <>
      <PageTitle title="Team · Employer" />
      <TeamPage />
    </>
  );
}
