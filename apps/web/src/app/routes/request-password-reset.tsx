import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';

export default function RequestPasswordResetRoute() {
  return (
    <>
      <title>Forgotten password · Careers Portal</title>
      <ForgotPasswordForm />
    </>
  );
}
