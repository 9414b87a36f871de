import { EmployerPasswordLinkForm } from '../../../features/employer/components/employer-password-link-form';

export default function EmployerForgotPasswordRoute() {
  return (
    <>
      <title>Set your password · Careers Portal</title>
      <EmployerPasswordLinkForm />
    </>
  );
}
