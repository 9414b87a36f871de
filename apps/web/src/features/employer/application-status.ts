import { ApplicationStatus, applicationStatusOrder } from '@careers/contracts/enum-values';
import type { BadgeTone } from '../../components/badge';

/** The seven statuses in the employer's workflow words (product.md §3's order); candidates read their own words. */
export const employerStatusLabel: Record<ApplicationStatus, string> = {
  [ApplicationStatus.ApplicationPending]: 'New',
  [ApplicationStatus.Qualify]: 'Qualify',
  [ApplicationStatus.ScheduleInterview]: 'Schedule interview',
  [ApplicationStatus.Interviewed]: 'Interviewed',
  [ApplicationStatus.MakeOffer]: 'Make offer',
  [ApplicationStatus.Hired]: 'Hired',
  [ApplicationStatus.Reject]: 'Rejected',
};

export const employerStatusTone = (status: ApplicationStatus): BadgeTone =>
  status === ApplicationStatus.Reject
    ? 'danger'
    : status >= ApplicationStatus.MakeOffer
      ? 'success'
      : status === ApplicationStatus.ApplicationPending
        ? 'neutral'
        : 'info';

export const statusesInOrder = applicationStatusOrder;

/** The badge of an application in the console: 'Withdrawn' once the candidate withdrew it, else its status. */
export function employerApplicationBadge(application: {
  applicationStatus: ApplicationStatus;
  withdrawnOn?: string | null;
}): {
  label: string;
  tone: BadgeTone;
} {
  if (application.withdrawnOn) return { label: 'Withdrawn', tone: 'warning' };
  return {
    label: employerStatusLabel[application.applicationStatus],
    tone: employerStatusTone(application.applicationStatus),
  };
}

/** 'N active · M withdrawn' (active: the applications that stand). */
export function applicationCounts(total: number, withdrawn: number): string {
  const active = Math.max(0, total - withdrawn);
  return `${active} active · ${withdrawn} withdrawn`;
}
