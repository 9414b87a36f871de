import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { SimplePage } from '../../../components/simple-page';
import { toApiError } from '../../../lib/api-error';
import { unsubscribeStatusEmails } from '../../../lib/api/candidate/status-emails';
import './account.css';
import { paths } from '../../../lib/paths';

export const UNSUBSCRIBE_ASK =
  'Press the button to stop the emails we send when an employer moves one of your applications. No sign-in needed.';
export const UNSUBSCRIBED =
  'You will get no more emails when an employer moves one of your applications. Your applications page still shows every step.';
export const UNSUBSCRIBE_FAILED = 'Status emails could not be turned off just now. Please try again in a moment.';
/** A refused token (forged, cut short, from a rotated secret): the reader's words, not the validator's. */
export const UNSUBSCRIBE_BROKEN_LINK = 'This link is broken or expired.';

function failureOf(error: unknown): string {
  const apiError = toApiError(error);
  if (apiError.status !== undefined && apiError.status >= 400 && apiError.status < 500 && apiError.status !== 429)
    return UNSUBSCRIBE_BROKEN_LINK;
  return UNSUBSCRIBE_FAILED;
}

/**
 * /unsubscribe?token=…: the link at the foot of every status e-mail. Opening it changes nothing, since
 * mail scanners open links; one press with the signed token turns the e-mails off, no sign-in needed.
 * Mail clients' one-click unsubscribe (RFC 8058) POSTs to the candidate service directly and needs no
 * page at all.
 */
export function UnsubscribeStatus({ token }: { token: string }) {
  const unsubscribe = useMutation({ mutationFn: () => unsubscribeStatusEmails(token) });
  const headingRef = useRef<HTMLHeadingElement>(null);

  const failure = !token ? UNSUBSCRIBE_BROKEN_LINK : unsubscribe.isError ? failureOf(unsubscribe.error) : null;
  const asking = !failure && !unsubscribe.isSuccess;

  // On opening and with the outcome, a screen reader starts at the heading that says where things stand.
  useEffect(() => {
    headingRef.current?.focus();
  }, [asking]);

  const heading = asking ? 'Turn off status emails' : failure ? 'Status emails are still on' : 'Status emails are off';
  return (
    <SimplePage title={heading}>
      <article className="card unsubscribe">
        {asking ? (
          <>
            <h1 ref={headingRef} tabIndex={-1}>
              {heading}
            </h1>
            <p>{UNSUBSCRIBE_ASK}</p>
            <Button variant="primary" busy={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
              Turn off status emails
            </Button>
          </>
        ) : (
          <>
            <h1 ref={headingRef} tabIndex={-1}>
              {heading}
            </h1>
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
