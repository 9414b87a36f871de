import { useId, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { TextInput } from '../../../components/text-input';
import { firstServerErrorOr } from '../../../lib/api-error';
import './job-alerts.css';

export const JOB_ALERT_SIGNUP_TITLE = 'Tell me about new jobs';
/** As contracts' JOB_ALERT_TEXTS.signupDone (not imported: the contracts module brings zod into the page's first load). */
export const JOB_ALERT_SIGNUP_DONE = 'Check your email: open the link we sent you to start the job alert.';
const noSubscription = () => () => undefined;
const isClient = () => true;
const isServer = () => false;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EARLY_FIELD = 'form[data-job-alert-signup] input[name="email"]';
const addressTypedEarly = () =>
  typeof document === 'undefined' ? '' : (document.querySelector<HTMLInputElement>(EARLY_FIELD)?.value ?? '');

/**
 * "Tell me about new jobs" (issue 27 item 5): a business's new jobs on its careers page, or the current search
 * on /jobs (its query string). One field; the answer says to check the email, which confirms the alert.
 * Server-rendered with the page (no layout shift); its code beyond the form loads on submit.
 */
export function JobAlertSignup(
  props: { businessId: string; search?: undefined } | { search: string; businessId?: undefined },
) {
  // An address typed before the page's script ran is in the server-rendered field: hydration starts from it
  // rather than wiping it (the first render reads the field before it is patched).
  const [email, setEmail] = useState(addressTypedEarly);
  const [error, setError] = useState<string | undefined>();
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  // Server-rendered: until the page's script runs, the button is disabled, so neither a press nor Enter sends
  // the form the browser's way (which would put the address in a URL).
  const ready = useSyncExternalStore(noSubscription, isClient, isServer);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (!EMAIL_PATTERN.test(address)) {
      setError('Enter an email address, such as name@example.com.');
      inputRef.current?.focus();
      return;
    }
    setError(undefined);
    setState('sending');
    try {
      // The sign-up's code (the bot check's solver, the API call) loads only when the form is sent.
      const { signUpForJobAlert } = await import('../api');
      await signUpForJobAlert(
        props.businessId !== undefined ? { businessId: props.businessId } : { search: props.search ?? '' },
        address,
      );
      setState('sent');
      requestAnimationFrame(() => doneRef.current?.focus());
    } catch (err) {
      setFailure(firstServerErrorOr(err));
      setState('failed');
    }
  }

  return (
    <section className="job-alert-signup" aria-labelledby={titleId}>
      <h2 id={titleId}>{JOB_ALERT_SIGNUP_TITLE}</h2>
      {state === 'sent' ? (
        <p ref={doneRef} tabIndex={-1} className="job-alert-signup__done" role="status">
          {JOB_ALERT_SIGNUP_DONE}
        </p>
      ) : (
        <form noValidate data-job-alert-signup="" onSubmit={(event) => void submit(event)}>
          <p className="job-alert-signup__lead">
            {props.businessId !== undefined
              ? 'We email you when this business posts a new job: at most one email a day, and none when nothing is new.'
              : 'We email you new jobs that match this search: at most one email a day, and none when nothing is new.'}
          </p>
          <AlertBanner type="alert-danger" message={state === 'failed' ? failure : null} />
          <div className="job-alert-signup__row">
            <TextInput
              ref={inputRef}
              label="Your email address"
              type="email"
              name="email"
              autoComplete="email"
              value={email}
              error={error}
              onChange={(event) => setEmail(event.target.value)}
            />
            <Button type="submit" variant="primary" busy={state === 'sending'} disabled={!ready}>
              Email me new jobs
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

export default JobAlertSignup;
