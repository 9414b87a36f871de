import { useParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { JoinTeamPage } from '../../../features/employer/components/join-team-page';

/** /employer/join/{id}/{token}: the link of the team invitation e-mail (decision 0270). */
export default function EmployerJoinRoute() {
  const { invitationId = '', token = '' } = useParams();
  return (
    <>
      <PageTitle title="Join a team · Employer" />
      <JoinTeamPage invitationId={invitationId} token={token} />
    </>
  );
}
