import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { SimplePage } from '../../../components/simple-page';
import { toApiError } from '../../../lib/api-error';
import { paths } from '../../../lib/paths';
import { confirmJobAlert, unsubscribeJobAlert } from '../api';
import './job-alerts.css';

export const JOB_ALERT_BROKEN_LINK = 'This link is broken or expired. Ask for the job alert again on the jobs page.';
export const JOB_ALERT_FAILED = 'That did not work just now. Please try again in a moment.';

const WORDS = {
  confirm: {
    title: 'Confirm your job alert',
    ask: 'Press the button to start the job alert you asked for. We send at most one email a day, only when there are new jobs.',
    button: 'Confirm the job alert',
    done: 'Your job alert is on',
    doneText: 'We will email you when there are new jobs. Every email has a link that stops it in one click.',
    failedTitle: 'Your job alert is not on',
  },
  unsubscribe: {
    title: 'Stop this job alert',
    ask: 'Press the button to stop this job alert. No sign-in needed.',
    button: 'Stop the job alert',
    done: 'The job alert is off',
    doneText: 'You will get no more emails from this job alert.',
    failedTitle: 'The job alert is still on',
  },
} as const;

function failureOf(error: unknown): string {
  const status = toApiError(error).status;
  return status !== undefined && status >= 400 && status < 500 && status !== 429
    ? JOB_ALERT_BROKEN_LINK
    : JOB_ALERT_FAILED;
}

/**
 * /job-alerts/confirm?token=… and /job-alerts/unsubscribe?token=…: the links of the alert emails. Opening
 * one changes nothing (mail scanners open links); one press does. Mail clients' one-click unsubscribe
 * (RFC 8058) POSTs to the candidate service directly.
 */
export function JobAlertLinkPage({ mode, token }: { mode: 'confirm' | 'unsubscribe'; token: string }) {
  const words = WORDS[mode];
  const action = useMutation({
    mutationFn: () => (mode === 'confirm' ? confirmJobAlert(token) : unsubscribeJobAlert(token)),
  });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const failure = !token ? JOB_ALERT_BROKEN_LINK : action.isError ? failureOf(action.error) : null;
  const asking = !failure && !action.isSuccess;

  useEffect(() => {
    headingRef.current?.focus();
  }, [asking]);

  const heading = asking ? words.title : failure ? words.failedTitle : words.done;
  return (
    <SimplePage title={heading}>
      <article className="card unsubscribe">
        {asking ? (
          <>
            <h1 ref={headingRef} tabIndex={-1}>
              {heading}
            </h1>
            <p>{words.ask}</p>
            <Button variant="primary" busy={action.isPending} onClick={() => action.mutate()}>
              {words.button}
            </Button>
          </>
        ) : (
          <>
            <h1 ref={headingRef} tabIndex={-1}>
              {heading}
            </h1>
            {failure ? (
              <AlertBanner type="alert-danger" message={failure} />
            ) : (
              <>
                {action.data?.label ? <p className="job-alert-link__label">{action.data.label}</p> : null}
                <p>{words.doneText}</p>
              </>
            )}
            <p>
              <Link to={paths.jobs}>See every open job</Link>
            </p>
          </>
        )}
      </article>
    </SimplePage>
  );
}
