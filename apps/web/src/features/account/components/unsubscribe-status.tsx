import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { AlertBanner } from '../../../components/alert-banner';
import { SimplePage } from '../../../components/simple-page';
import { Spinner } from '../../../components/spinner';
import { serverErrors, toApiError } from '../../../lib/api-error';
import { unsubscribeStatusEmails } from '../../../lib/api/candidate/status-emails';
import './account.css';
import { paths } from '../../../lib/paths';

export const UNSUBSCRIBED =
  'You will get no more e-mails when an employer moves one of your applications. Your applications page still shows every step.';
export const UNSUBSCRIBE_FAILED = 'Status e-mails could not be turned off with this link.';

/**
 * /unsubscribe?token=…: the link at the foot of every status e-mail. Opening it is the one click: the
 * signed token turns the e-mails off, no sign-in needed (a query, so a re-render never sends it twice).
 */
export function UnsubscribeStatus({ token }: { token: string }) {
  const unsubscribe = useQuery({
    queryKey: ['unsubscribe-status-emails', token],
    queryFn: () => unsubscribeStatusEmails(token),
    enabled: token.length > 0,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

  const failure = !token
    ? UNSUBSCRIBE_FAILED
    : unsubscribe.isError
      ? serverErrors(toApiError(unsubscribe.error).body).join('\n') || UNSUBSCRIBE_FAILED
      : null;

  return (
    <SimplePage title="Status e-mails">
      <article className="card unsubscribe" aria-busy={unsubscribe.isPending && !failure}>
        {unsubscribe.isPending && !failure ? (
          <Spinner label="Turning status e-mails off..." />
        ) : (
          <>
            <h1>{failure ? 'Status e-mails are still on' : 'Status e-mails are off'}</h1>
            {failure ? <AlertBanner type="alert-danger" message={failure} /> : <p>{UNSUBSCRIBED}</p>}
            <p>
              {failure ? 'You can turn them off' : 'Changed your mind? Turn them back on'} on your{' '}
              <Link to={paths.userAccount}>account page</Link> (sign-in needed).
            </p>
          </>
        )}
      </article>
    </SimplePage>
  );
}
