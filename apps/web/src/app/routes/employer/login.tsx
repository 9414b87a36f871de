import { EmployerLoginForm } from '../../../features/employer/components/employer-login-form';
import { PageTitle } from '../../../components/page-title';

export default function EmployerLoginRoute() {
  return (
    <>
      <PageTitle title="Employer sign in" />
      <EmployerLoginForm />
    </>
  );
}
