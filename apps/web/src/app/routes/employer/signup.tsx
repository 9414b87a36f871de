import { EmployerSignupForm } from '../../../features/employer/components/employer-signup-form';
import { PageTitle } from '../../../components/page-title';

export default function EmployerSignupRoute() {
  return (
    <>
      <PageTitle title="Create an employer account · Employer" />
      <EmployerSignupForm />
    </>
  );
}
