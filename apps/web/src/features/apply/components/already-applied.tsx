import { useEffect, type RefObject } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { formatDate } from '../../../lib/format';
import type { StandingApplication } from '../apply-machine';

/**
 * The signed-in candidate already applied to this job and has not withdrawn (issue 12 item 5): said on
 * arrival, with the way to the application, instead of a form whose Apply the service would refuse.
 */
export default function AlreadyApplied({
  headingRef,
  application,
  onLogout,
}: {
  headingRef: RefObject<HTMLHeadingElement | null>;
  application: StandingApplication;
  onLogout: () => void;
}) {
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
          Your application is with the employer; you can follow it, or withdraw it, from your applications.{' '}
          <Link to={`/applications?application=${encodeURIComponent(application.id)}`}>See your application</Link>
        </p>
      </div>
      <p className="apply-step__switch">
        <Button variant="link" onClick={onLogout}>
          Logout
        </Button>
      </p>
    </section>
  );
}
