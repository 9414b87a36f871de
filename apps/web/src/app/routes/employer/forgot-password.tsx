import { EmployerPasswordLinkForm } from '../../../features/employer/components/employer-password-link-form';
import { PageTitle } from '../../../components/page-title';

export default function EmployerForgotPasswordRoute() {
  return (
    <>
      <PageTitle title="Set or reset your password · Employer" />
      <EmployerPasswordLinkForm />
    </>
  );
}
