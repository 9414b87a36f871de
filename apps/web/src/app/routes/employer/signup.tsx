import { EmployerSignupForm } from '../../../features/employer/components/employer-signup-form';

export default function EmployerSignupRoute() {
  return (
    <>
      <title>Employer sign up · Careers Portal</title>
      <EmployerSignupForm />
    </>
  );
}
