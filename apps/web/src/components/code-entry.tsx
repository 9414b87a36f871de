import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEventHandler,
  type FocusEventHandler,
  type ReactNode,
  type Ref,
} from 'react';
import { AlertBanner } from './alert-banner';
import { Button } from './button';
import { TextInput } from './text-input';
import { retryAfterSeconds } from '../lib/api-error';
import { failureCause } from '../lib/failure-cause';
import { noteResendWait, resendWaitLeft } from '../lib/resend-clock';
import { notifyError, notifySuccess } from '../lib/toast';
import './code-entry.css';

/** SPEC's words for a code send (product.md §8), and ours for the wait SPEC does not name (decision 0124). */
export const codeEntryMessages = {
  codeSent: 'Verification code is sent successfully.',
  sendFailed: 'Error in sending verification code.',
  waitBeforeResend: (seconds: number) =>
    `A code was sent moments ago. You can ask for a new one in ${seconds} seconds.`,
  waitToResend: (seconds: number) => `You can ask for a new code in ${seconds} seconds.`,
  resendAt: (time: string) => `You can ask for a new code at ${time}.`,
} as const;

/** How a send went: 'sent'; 'wait' (refused with 429 because one went out moments ago); 'failed'. */
export type SendOutcome = 'sent' | 'wait' | 'failed';

export interface CodeResend {
  /** Seconds until 'Resend' may be used (0 when it may now). */
  waitSeconds: number;
  /** When 'Resend' comes back, while it is still waiting. */
  availableAt: number | null;
  pending: boolean;
  /** Sends a code, toasts the outcome and starts the countdown from the answer's Retry-After. */
  send: () => Promise<SendOutcome>;
  /** Starts the countdown for a code sent elsewhere (the address change). */
  waitFor: (seconds: number) => void;
}

/**
 * The one send path of every code step (login, sign-up, apply, the confirm banner, the employer's code
 * sign-in): a send answers the seconds until the next may go (its Retry-After, decision 0292), a 429
 * answers its own; either starts the countdown, and is remembered for the tab (lib/resend-clock) so that
 * another page's Resend waits too. `initialWait` is what the step's first send answered.
 */
export function useCodeResend(email: string, sendCode: () => Promise<number | void>, initialWait = 0): CodeResend {
  const [availableAt, setAvailableAt] = useState(() => {
    const seconds = Math.max(initialWait, resendWaitLeft(email));
    return seconds > 0 ? Date.now() + seconds * 1000 : 0;
  });
  const [now, setNow] = useState(() => Date.now());
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (availableAt <= Date.now()) return;
    const timer = window.setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= availableAt) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [availableAt]);

  const waitFor = (seconds: number) => {
    if (!(seconds > 0)) return;
    noteResendWait(email, seconds);
    setNow(Date.now());
    setAvailableAt(Date.now() + seconds * 1000);
  };

  const send = async (): Promise<SendOutcome> => {
    setPending(true);
    try {
      waitFor((await sendCode()) || 0);
      notifySuccess(codeEntryMessages.codeSent);
      return 'sent';
    } catch (error) {
      const wait = retryAfterSeconds(error);
      if (wait) {
        waitFor(wait);
        notifyError(codeEntryMessages.waitBeforeResend(wait));
        return 'wait';
      }
      notifyError(failureCause(error) ?? codeEntryMessages.sendFailed);
      return 'failed';
    } finally {
      setPending(false);
    }
  };

  const waitSeconds = Math.max(0, Math.ceil((availableAt - now) / 1000));
  return { waitSeconds, availableAt: waitSeconds > 0 ? availableAt : null, pending, send, waitFor };
}

/** What the code field takes from its form: react-hook-form's register(), or a value and its handler. */
export interface CodeFieldBinding {
  name: string;
  value?: string;
  onChange?: ChangeEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  ref?: Ref<HTMLInputElement>;
}

export interface CodeEntryProps {
  resend: CodeResend;
  field: CodeFieldBinding;
  /** The field's own message (an empty code). */
  error?: string | undefined;
  /** Why a submitted code was refused: said in an alert, and the focus goes back to the field. */
  failure?: string | null;
  onFailureClose?: () => void;
  disabled?: boolean;
  autoFocus?: boolean;
  /** Shown in the Resend row before it ('Remember me'). */
  beside?: ReactNode;
}

/**
 * The e-mailed one-time code, as every code step asks for it: SPEC's field (label, 'Paste verification
 * code', one-time-code autofill, digits keyboard), 'Resend' disabled while its countdown runs, the
 * countdown shown as it ticks and announced once (the time it ends), a refusal in an alert with the
 * focus back in the field.
 */
export function CodeEntry({
  resend,
  field,
  error,
  failure = null,
  onFailureClose,
  disabled = false,
  autoFocus = false,
  beside,
}: CodeEntryProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  // As the refusal is rendered (not a frame later), so that the alert and the focus arrive together.
  useLayoutEffect(() => {
    if (failure) boxRef.current?.querySelector('input')?.focus();
  }, [failure]);

  return (
    <div className="code-entry" ref={boxRef}>
      <AlertBanner type="alert-danger" message={failure} onClose={onFailureClose} />
      <TextInput
        label="Verification code"
        placeholder="Paste verification code"
        autoComplete="one-time-code"
        inputMode="numeric"
        autoFocus={autoFocus}
        disabled={disabled}
        error={error}
        {...field}
      />
      <div className="code-entry__row">
        {beside}
        <Button
          variant="link"
          onClick={() => void resend.send()}
          disabled={disabled || resend.pending || resend.waitSeconds > 0}
        >
          Resend
        </Button>
      </div>
      {/* The countdown ticks for the eye; screen readers hear once when Resend comes back. */}
      {resend.waitSeconds > 0 ? (
        <p className="code-entry__wait" aria-hidden="true">
          {codeEntryMessages.waitToResend(resend.waitSeconds)}
        </p>
      ) : null}
      <p className="visually-hidden" aria-live="polite">
        {resend.availableAt ? codeEntryMessages.resendAt(new Date(resend.availableAt).toLocaleTimeString()) : ''}
      </p>
    </div>
  );
}
