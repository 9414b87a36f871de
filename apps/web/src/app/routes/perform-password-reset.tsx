import { useParams } from 'react-router';
import { ResetPasswordPage } from '../../features/auth/components/reset-password-form';
import { PageTitle } from '../../components/page-title';

/** Route perform-password-reset: /account/reset/{email}/{token...}; the token may span several segments. */
export default function PerformPasswordResetRoute() {
  const { email = '', '*': token = '' } = useParams();
  return (
    <>
      <PageTitle title="Choose a new password" />
      <ResetPasswordPage email={email} token={token} />
    </>
  );
}
