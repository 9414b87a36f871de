import { useParams, useSearchParams } from 'react-router';
import { ConfirmEmailStatus } from '../../features/auth/components/confirm-email-status';
import { PageTitle } from '../../components/page-title';

/** /confirm/{userId}/{token...}; an optional ?email= query switches to the GET form of the call. */
export default function ConfirmEmailRoute() {
  const { userId = '', '*': token = '' } = useParams();
  const [searchParams] = useSearchParams();
  return (
    <>
      <PageTitle title="Confirm email" />
      <ConfirmEmailStatus userId={userId} token={token} email={searchParams.get('email')} />
    </>
  );
}
