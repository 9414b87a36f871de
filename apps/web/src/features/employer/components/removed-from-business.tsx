import { useEffect, useRef } from 'react';
import { Button } from '../../../components/button';
import { usePageTitle } from '../../../components/page-title';
import { formatDate } from '../../../lib/format';

export interface Removal {
  businessName: string;
  removedOn: string;
}

/**
 * What a member an owner removed sees in the console instead of "Set up your business" (docs/decisions/0351):
 * who removed them and when, that they no longer see that business's jobs and applications, and what they
 * can do: be invited again (an invitation then shows above), or set up a business of their own.
 */
export function RemovedFromBusiness({ removal, onStartOwn }: { removal: Removal; onStartOwn: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  usePageTitle(`Removed from ${removal.businessName} · Employer`);
  useEffect(() => headingRef.current?.focus({ preventScroll: true }), []);
  return (
    <section className="page employer-page employer-removed" aria-labelledby="removed-title">
      <h1 id="removed-title" ref={headingRef} tabIndex={-1}>
        You were removed from {removal.businessName}
      </h1>
      <p className="page__lead">
        An owner of {removal.businessName} removed you from its team on {formatDate(removal.removedOn)}. You can no
        longer see its jobs, applications or candidates.
      </p>
      <div className="card employer-removed__next">
        <h2>What you can do</h2>
        <ul>
          <li>
            If this is a mistake, ask an owner of {removal.businessName} to invite you again. Their invitation will
            appear on this page.
          </li>
          <li>Your account stays yours: you can set up a business of your own and post jobs for it.</li>
        </ul>
        <div className="employer-form__actions">
          <Button variant="secondary" onClick={onStartOwn}>
            Set up my own business
          </Button>
        </div>
      </div>
    </section>
  );
}
