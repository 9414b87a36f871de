import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from './button';
import { CodeEntry, useCodeResend } from './code-entry';
import { focusPageHeading } from './focus-page-heading';
import { toApiError } from '../lib/api-error';
import { getCandidate } from '../lib/api/candidate/get-candidate';
import { getJobApplications } from '../lib/api/candidate/get-job-applications';
import { sendVerificationCode } from '../lib/api/identity/send-verification-code';
import { verifyCode } from '../lib/api/identity/verify-code';
import { authStore } from '../lib/auth-store';
import { isAddressUnproved } from '../lib/address-proof';
import { queryKeys } from '../lib/query-keys';
import { failureCause } from '../lib/failure-cause';
import { useAuth } from '../lib/use-auth';
import './confirm-email-banner.css';

/** The applications page's first page (same key, same size), whose businesses the banner names. */
const FIRST_PAGE_SIZE = 10;
/** Who waits for the proof when it is not one business (several, or no application yet): decision 0291. */
export const ANY_EMPLOYER = 'employers';

export const confirmMessages = {
  title: (business: string) => `Confirm your e-mail so ${business} can reach you`,
  enterCode: 'Please enter verification code',
  invalidCode: 'Invalid verification code.',
  confirmed: (business: string) => `Your email address is confirmed. ${capitalize(business)} can now reach you.`,
  failed: 'The code could not be checked just now. Please try again in a moment.',
};

function capitalize(text: string): string {
  return text === ANY_EMPLOYER ? 'Employers' : text;
}

/** The one business the candidate's applications went to, or 'employers' for several or none. */
export function businessToName(businesses: readonly (string | null | undefined)[], complete: boolean): string {
  const names = new Set(businesses.map((name) => name?.trim()).filter((name): name is string => Boolean(name)));
  return complete && names.size === 1 ? [...names][0]! : ANY_EMPLOYER;
}

function useBusinessName(given: string | undefined): string {
  const applications = useQuery({
    queryKey: queryKeys.jobApplications(1),
    queryFn: () => getJobApplications(1, FIRST_PAGE_SIZE),
    enabled: given === undefined,
  });
  if (given !== undefined) return given;
  const page = applications.data;
  if (!page) return ANY_EMPLOYER;
  const listed = page.applications.map((application) => application.business?.name);
  return businessToName(listed, page.totalApplications <= page.applications.length);
}

/**
 * Until a new candidate proves the address (the access token says email_verified false), their pages
 * say so with the code field and Resend: the employer reads "E-mail not verified" meanwhile. A verified
 * code proves the address at the identity service and answers a new session (every earlier one ends);
 * the candidate service takes the proof from the new token at once (GET /candidate) and by account
 * notice. The e-mailed confirmation link proves it as well. After the proof the banner goes, the focus
 * moves to the page's heading and a polite message says so.
 */
export default function ConfirmEmailBanner({ business: givenBusiness }: { business?: string }) {
  const { auth } = useAuth();
  const queryClient = useQueryClient();
  const business = useBusinessName(givenBusiness);
  const email = auth.email ?? '';
  const unproved = isAddressUnproved(auth.accessToken);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const resend = useCodeResend(email, () => sendVerificationCode(email));
  const codeRef = useRef<HTMLInputElement>(null);
  const titleId = useId();

  // The banner is gone: the focus goes to the page's own heading, not to the body.
  useEffect(() => {
    if (confirmed) focusPageHeading();
  }, [confirmed]);

  const verify = useMutation({
    mutationFn: () => verifyCode(email, code.trim()),
    onSuccess: (session) => {
      if (!session) {
        setFailure(confirmMessages.invalidCode);
        return;
      }
      // The proof ended every earlier session: this one replaces the stored one (Remember me as it was).
      authStore.set(session);
      setConfirmed(true);
      setAnnouncement(confirmMessages.confirmed(business));
      // The candidate service marks the address proved from the new token's claim.
      void queryClient
        .fetchQuery({ queryKey: queryKeys.candidate, queryFn: getCandidate, staleTime: 0 })
        .catch(() => undefined);
    },
    onError: (error) =>
      setFailure(
        failureCause(error) ??
          (toApiError(error).status === 401 ? confirmMessages.invalidCode : confirmMessages.failed),
      ),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(confirmMessages.enterCode);
      codeRef.current?.focus();
      return;
    }
    setError(null);
    setFailure(null);
    verify.mutate();
  };

  return (
    <>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {unproved && !confirmed && email ? (
        <section className="confirm-banner" aria-labelledby={titleId}>
          <h2 id={titleId} className="confirm-banner__title">
            {confirmMessages.title(business)}
          </h2>
          <p className="confirm-banner__text">
            We sent a verification code to <strong className="confirm-banner__email">{email}</strong>. Enter it here, or
            open the link in that email. Until then your address shows as not verified.
          </p>
          <form className="confirm-banner__form" noValidate onSubmit={submit}>
            <CodeEntry
              resend={resend}
              field={{
                ref: codeRef,
                name: 'code',
                value: code,
                onChange: (event) => setCode(event.currentTarget.value),
              }}
              error={error ?? undefined}
              failure={failure}
              onFailureClose={() => setFailure(null)}
            />
            <div className="confirm-banner__actions">
              <Button type="submit" busy={verify.isPending}>
                Confirm email
              </Button>
            </div>
          </form>
        </section>
      ) : null}
    </>
  );
}
