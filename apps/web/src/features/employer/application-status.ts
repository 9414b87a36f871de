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
