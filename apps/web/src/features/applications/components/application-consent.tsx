import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JobApplication } from '@careers/contracts/candidate';
import { AlertBanner } from '../../../components/alert-banner';
import { firstServerErrorOr } from '../../../lib/api-error';
import { getTalentPoolOffer, giveTalentPoolConsent } from '../../../lib/api/candidate/retention';
import { formatDate } from '../../../lib/format';
import { queryKeys } from '../../../lib/query-keys';
import { WithdrawConsentButton } from './application-deletion';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The application page's consent section (docs/decisions/0442): when the business asks, an optional,
 * unticked "Keep my application for other roles at {business} until {date}"; once given, the date and
 * the way to withdraw it (the account page lists it too).
 */
export function ApplicationConsent({ application }: { application: JobApplication }) {
  const queryClient = useQueryClient();
  const [now] = useState(() => Date.now());
  const [ticked, setTicked] = useState(false);
  const offer = useQuery({
    queryKey: ['talent-pool-offer', application.job.jobId],
    queryFn: () => getTalentPoolOffer(application.job.jobId),
    enabled: !application.keptForOtherRolesUntil,
  });
  const give = useMutation({
    mutationFn: () => giveTalentPoolConsent(application.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.jobApplicationsRoot }),
  });
  const kept = application.keptForOtherRolesUntil;
  if (!kept && !offer.data?.poolDays) return null;
  const until = kept ?? new Date(now + offer.data!.poolDays! * DAY_MS).toISOString();
  return (
    <section className="application-page__consent" aria-labelledby="application-consent-title">
      <h2 id="application-consent-title">Other roles</h2>
      <AlertBanner type="alert-danger" message={give.isError ? firstServerErrorOr(give.error) : null} />
      {kept ? (
        <p>
          {application.business.name} keeps this application for its other roles until {formatDate(kept)}.{' '}
          <WithdrawConsentButton application={application} />
        </p>
      ) : (
        <label className="application-page__consent-box">
          <input
            type="checkbox"
            checked={ticked}
            disabled={give.isPending}
            onChange={(event) => {
              if (!event.target.checked) return;
              setTicked(true);
              give.mutate(undefined, { onError: () => setTicked(false) });
            }}
          />{' '}
          Keep my application for other roles at {application.business.name} until {formatDate(until)}
        </label>
      )}
    </section>
  );
}
