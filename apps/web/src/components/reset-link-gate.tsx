import { useEffect, useRef, type ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Spinner } from './spinner';
import { toApiError } from '../lib/api-error';
import { resetLinkStatus } from '../lib/api/identity/reset-link-status';
// Its pages (the candidate's and the employer's reset forms) load the auth-form styles it uses.
import './button.css';

export const DEAD_LINK_TITLES = {
  used: 'This link has already been used',
  expired: 'This link has expired',
  invalid: 'This link is not valid',
} as const;

type DeadLink = keyof typeof DEAD_LINK_TITLES;

/**
 * A reset (or welcome) link's page asks whether the link still works before it shows its form (decision
 * 0290): a used, expired or made-up link says so at once, with the way to a new one, instead of after a
 * password was typed twice. When the check cannot be made (no connection, an older service), the form
 * is shown and the reset itself says what is wrong.
 */
export function ResetLinkGate({
  email,
  token,
  newLinkPath,
  signInPath,
  employerPage,
  children,
}: {
  email: string;
  token: string;
  newLinkPath: string;
  signInPath: string;
  /** On the candidate's page: where an employer's link goes instead (the console's own page). */
  employerPage?: string;
  children: ReactNode;
}) {
  const check = useQuery({
    queryKey: ['reset-link-status', email, token],
    queryFn: async (): Promise<{
      status: DeadLink | 'usable' | 'unknown';
      message: string | null;
      portal?: 'candidate' | 'employer' | null;
    }> => {
      try {
        return await resetLinkStatus({ email, token });
      } catch (error) {
        // A request the service refuses as malformed is no link it ever sent.
        if (toApiError(error).status === 400) return { status: 'invalid', message: null };
        return { status: 'unknown', message: null };
      }
    },
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const dead = check.data && check.data.status in DEAD_LINK_TITLES ? (check.data.status as DeadLink) : null;

  // Opened from an e-mail: a screen reader starts at what the page says about the link.
  useEffect(() => {
    if (dead) headingRef.current?.focus({ preventScroll: true });
  }, [dead]);

  if (check.isPending) {
    return (
      <div className="auth-form">
        <Spinner label="Checking your link..." />
      </div>
    );
  }
  if (employerPage && check.data?.portal === 'employer') return <Navigate to={employerPage} replace />;
  if (!dead) return <>{children}</>;
  return (
    <section className="auth-form" aria-labelledby="reset-link-title">
      <header className="auth-form__header">
        <h1 id="reset-link-title" ref={headingRef} tabIndex={-1}>
          {DEAD_LINK_TITLES[dead]}
        </h1>
        <p>
          {dead === 'used'
            ? 'A reset link works once, and this one has set a password already.'
            : dead === 'expired'
              ? 'A reset link works for a limited time, and this one is too old.'
              : 'The link may be cut short or mistyped: open it again from the email, or ask for a new one.'}{' '}
          Ask for a new link to choose a password for <strong>{email}</strong>.
        </p>
      </header>
      <Link className="btn btn--primary btn--full" to={newLinkPath}>
        Send me a new link
      </Link>
      <p className="auth-form__switch">
        <Link to={signInPath}>Back to sign in</Link>
      </p>
    </section>
  );
}
