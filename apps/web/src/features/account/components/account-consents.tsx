import { useQuery } from '@tanstack/react-query';
import { getJobApplications } from '../../../lib/api/candidate/get-job-applications';
import { firstServerErrorOr } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { queryKeys } from '../../../lib/query-keys';
import { WithdrawConsentButton } from './withdraw-consent-button';

/**
 * The account page's list of consents to be kept for other roles (docs/decisions/0442): each can be
 * withdrawn here at any time, and the application's deletion date falls back to the business's rule at once.
 */
export function AccountConsents() {
  const query = useQuery({
    queryKey: [...queryKeys.jobApplicationsRoot, 'kept-for-other-roles'],
    queryFn: () => getJobApplications(1, 100),
  });
  const kept = (query.data?.applications ?? []).filter((a) => a.keptForOtherRolesUntil);
  return (
    <section className="account-section card" aria-labelledby="kept-for-roles-title">
      <h2 id="kept-for-roles-title">Kept for other roles</h2>
      <p>
        When you apply, a business may ask to keep your application for its other roles. You can withdraw that here at
        any time: the business then deletes it on the date its own rule gives.
      </p>
      {query.isError ? <p>Your applications could not be loaded: {firstServerErrorOr(query.error)}</p> : null}
      {query.data && kept.length === 0 ? <p>No business keeps an application of yours for other roles.</p> : null}
      {kept.length > 0 ? (
        <ul className="account-consents">
          {kept.map((a) => (
            <li key={a.id}>
              <span>
                <strong>{a.business.name}</strong> keeps your application for {a.job.title} until{' '}
                {formatDate(a.keptForOtherRolesUntil)}
              </span>
              <WithdrawConsentButton application={a} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
