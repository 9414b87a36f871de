import { useParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { EmployerWelcomeForm } from '../../../features/employer/components/employer-welcome-form';

/** /employer/reset/{email}/{token...}: an employer's reset link (decision 0290). */
export default function EmployerResetRoute() {
  const { email = '', '*': token = '' } = useParams();
  return (
    <>
      <PageTitle title="Choose a new password · Employer" />
      <EmployerWelcomeForm email={email} token={token} purpose="reset" />
    </>
  );
}
