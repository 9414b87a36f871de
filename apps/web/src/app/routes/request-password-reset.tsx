import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { PageTitle } from '../../components/page-title';

export default function RequestPasswordResetRoute() {
  return (
    <>
      <PageTitle title="Forgotten password" />
      <ForgotPasswordForm />
    </>
  );
}
