import { EmployerLoginForm } from '../../../features/employer/components/employer-login-form';

export default function EmployerLoginRoute() {
  return (
    <>
      <title>Employer sign in · Careers Portal</title>
      <EmployerLoginForm />
    </>
  );
}
