import { useParams, useSearchParams } from 'react-router';
import { ConfirmEmailStatus } from '../../features/auth/components/confirm-email-status';

/** /confirm/{userId}/{token...}; an optional ?email= query switches to the GET form of the call. */
export default function ConfirmEmailRoute() {
  const { userId = '', '*': token = '' } = useParams();
  const [searchParams] = useSearchParams();
  return (
    <>
      <title>Confirm email · Careers Portal</title>
      <ConfirmEmailStatus userId={userId} token={token} email={searchParams.get('email')} />
    </>
  );
}
