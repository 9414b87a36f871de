import { LoginForm } from '../../features/auth/components/login-form';

export default function LoginRoute() {
  return (
    <>
      <title>Sign in · Careers Portal</title>
      <LoginForm />
    </>
  );
}
