import { useParams } from 'react-router';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';

/** Route perform-password-reset: /account/reset/{email}/{token...}; the token may span several segments. */
export default function PerformPasswordResetRoute() {
  const { email = '', '*': token = '' } = useParams();
  return (
    <>
      <title>Choose a new password · Careers Portal</title>
      <ResetPasswordForm email={email} token={token} />
    </>
  );
}
