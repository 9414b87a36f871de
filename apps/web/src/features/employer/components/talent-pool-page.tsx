import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { AlertBanner } from '../../../components/alert-banner';
import { EmptyState } from '../../../components/empty-state';
import { Spinner } from '../../../components/spinner';
import { firstServerErrorOr } from '../../../lib/api-error';
import { getTalentPool } from '../../../lib/api/candidate/retention';
import { formatDate } from '../../../lib/format';
import { employerPaths } from '../paths';

/** /employer/talent-pool: only the candidates who agreed to be kept for other roles, until when (docs/decisions/0442). */
export function TalentPoolPage() {
  const pool = useQuery({ queryKey: ['employer', 'talent-pool'], queryFn: getTalentPool });
  return (
    <section className="page employer-page" aria-labelledby="talent-pool-title">
      <h1 id="talent-pool-title" tabIndex={-1}>
        Talent pool
      </h1>
      <p className="page__lead">
        Candidates who agreed, when they applied, that you keep their application for your other roles. Each one stays
        until the date shown, or until they withdraw their consent.
      </p>
      {pool.isPending ? <Spinner label="Loading the talent pool" /> : null}
      {pool.isError ? <AlertBanner type="alert-danger" message={firstServerErrorOr(pool.error)} /> : null}
      {pool.data && pool.data.length === 0 ? (
        <EmptyState title="No one in the talent pool">
          <p>Offer it under Business, Retention of applications: candidates then choose it when they apply.</p>
        </EmptyState>
      ) : null}
      {pool.data && pool.data.length > 0 ? (
        <ul className="employer-list">
          {pool.data.map((entry) => (
            <li key={entry.applicationId} className="employer-application card">
              <h2 className="employer-application__name">
                <Link to={employerPaths.application(entry.applicationId)}>{entry.candidateName}</Link>
              </h2>
              <p className="employer-job__facts">
                <span>Applied for {entry.jobTitle}</span>
                <span>Applied {formatDate(entry.appliedOn)}</span>
                <span>Kept until {formatDate(entry.keptUntil)}</span>
              </p>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
