import { useParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { EmployerWelcomeForm } from '../../../features/employer/components/employer-welcome-form';

/** /employer/welcome/{email}/{token...}: the link of the welcome e-mail (decision 0250). */
export default function EmployerWelcomeRoute() {
  const { email = '', '*': token = '' } = useParams();
  return (
    <>
      <PageTitle title="Welcome, set your password" />
      <EmployerWelcomeForm email={email} token={token} />
    </>
  );
}
