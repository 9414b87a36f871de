import { lazy, Suspense, useEffect, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { formatDate } from '../../../lib/format';
import { isAddressUnproved } from '../../../lib/address-proof';
import { useAuth } from '../../../lib/use-auth';
import type { StandingApplication } from '../apply-machine';

const ConfirmEmailBanner = lazy(() => import('../../../components/confirm-email-banner'));

/**
 * The signed-in candidate already applied to this job and has not withdrawn (issue 12 item 5): said on
 * arrival, with the way to the application, instead of a form whose Apply the service would refuse.
 */
export default function AlreadyApplied({
  headingRef,
  application,
  businessName,
  onLogout,
}: {
  headingRef: RefObject<HTMLHeadingElement | null>;
  application: StandingApplication;
  businessName: string;
  onLogout: () => void;
}) {
  const { auth } = useAuth();
  // Applied, but the code step was left: the application is sent and the employer cannot rely on the
  // address yet, so the page says that and offers the proof here too (decision 0291).
  const unproved = isAddressUnproved(auth.accessToken);
  // Kept mounted after the proof, so that its polite message says so as the banner goes.
  const [askedForProof, setAskedForProof] = useState(unproved);
  if (unproved && !askedForProof) setAskedForProof(true);
  // This step's chunk arrives after the step has changed, when the page's focus move found no heading yet:
  // the heading takes the focus itself, so keyboard and screen-reader users land on it.
  useEffect(() => {
    headingRef.current?.focus();
  }, [headingRef]);
  return (
    <section className="apply-step" aria-labelledby="apply-already-applied-title">
      <div className="apply-notice apply-notice--applied">
        <h2 id="apply-already-applied-title" className="apply-step__title" ref={headingRef} tabIndex={-1}>
          You applied on {formatDate(application.appliedOn)}
        </h2>
        <p>
          Your application is with {businessName || 'the employer'}; you can follow it, or withdraw it, from your
          applications.{' '}
          <Link to={`/applications?application=${encodeURIComponent(application.id)}`}>See your application</Link>
        </p>
      </div>
      {askedForProof ? (
        <Suspense fallback={null}>
          <ConfirmEmailBanner business={businessName || undefined} />
        </Suspense>
      ) : null}
      <p className="apply-step__switch">
        <Button variant="link" onClick={onLogout}>
          Logout
        </Button>
      </p>
    </section>
  );
}
