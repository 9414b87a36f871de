import { LoginForm } from '../../features/auth/components/login-form';
import { PageTitle } from '../../components/page-title';

export default function LoginRoute() {
  return (
    <>
      <PageTitle title="Candidate Portal" />
      <LoginForm />
    </>
  );
}
