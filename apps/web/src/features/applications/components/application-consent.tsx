import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JobApplication } from '@careers/contracts/candidate';
import { AlertBanner } from '../../../components/alert-banner';
import { firstServerErrorOr } from '../../../lib/api-error';
import type { TalentPoolOffer } from '@careers/contracts/retention';
import { candidatePublicClient } from '../../../lib/candidate-public-client';
import { http } from '../../../lib/http-client';
import { Button } from '../../../components/button';
import { notifyError, notifySuccess } from '../../../lib/toast';
import { formatDate } from '../../../lib/format';
import { queryKeys } from '../../../lib/query-keys';

type Consent = { keptForOtherRolesUntil: string | null };

// The calls are written here rather than imported from lib/api/candidate/retention.ts: this file is in the
// signed-in chunk (vite.config.ts), which would otherwise load that module as a chunk of its own.
async function getTalentPoolOffer(jobId: string): Promise<TalentPoolOffer> {
  const { data } = await candidatePublicClient.get<TalentPoolOffer>(
    `/jobs/${encodeURIComponent(jobId)}/talent-pool-offer`,
  );
  return data;
}

async function giveTalentPoolConsent(applicationId: string): Promise<Consent> {
  const { data } = await http.candidate.put<Consent>(
    `/job-applications/${encodeURIComponent(applicationId)}/talent-pool`,
  );
  return data;
}

async function withdrawTalentPoolConsent(applicationId: string): Promise<Consent> {
  const { data } = await http.candidate.delete<Consent>(
    `/job-applications/${encodeURIComponent(applicationId)}/talent-pool`,
  );
  return data;
}

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

export function useWithdrawConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (applicationId: string) => withdrawTalentPoolConsent(applicationId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.jobApplicationsRoot }),
  });
}

/** The button that withdraws the consent at once (the account page lists every application that has one). */
export function WithdrawConsentButton({ application }: { application: JobApplication }) {
  const withdraw = useWithdrawConsent();
  return (
    <Button
      variant="secondary"
      busy={withdraw.isPending}
      aria-label={`Withdraw consent: ${application.job.title} at ${application.business.name}`}
      onClick={() =>
        withdraw.mutate(application.id, {
          onSuccess: () => notifySuccess(`${application.business.name} no longer keeps it for other roles.`),
          onError: (error) => notifyError(firstServerErrorOr(error)),
        })
      }
    >
      Withdraw consent
    </Button>
  );
}
