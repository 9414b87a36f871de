import { SignupForm } from '../../features/auth/components/signup-form';
import { PageTitle } from '../../components/page-title';

export default function SignupRoute() {
  return (
    <>
      <PageTitle title="Sign Up" />
      <SignupForm />
    </>
  );
}
