import { applicationStatusInWords, applicationStatusWords } from '@careers/contracts/application-status';
import { ApplicationStatus, applicationStatusOrder } from '@careers/contracts/enum-values';
import type { BadgeTone } from '../../components/badge';

export interface ApplicationStatusText {
  /** What a candidate reads: plain words, not the employer's workflow names (the status e-mails use the same). */
  label: string;
  tone: BadgeTone;
}

const tones: Record<ApplicationStatus, BadgeTone> = {
  [ApplicationStatus.ApplicationPending]: 'neutral',
  [ApplicationStatus.Qualify]: 'info',
  [ApplicationStatus.ScheduleInterview]: 'info',
  [ApplicationStatus.Interviewed]: 'info',
  [ApplicationStatus.MakeOffer]: 'success',
  [ApplicationStatus.Hired]: 'success',
  [ApplicationStatus.Reject]: 'danger',
};

/** product.md §3's applicationStatus values for candidates: the words come from contracts (one source with the e-mails). */
export const applicationStatusText = Object.fromEntries(
  applicationStatusOrder.map((status) => [status, { label: applicationStatusWords[status], tone: tones[status] }]),
) as Record<ApplicationStatus, ApplicationStatusText>;

/** A value outside the enumeration (a newer service) still reads as something sensible. */
export function describeApplicationStatus(status: number): ApplicationStatusText {
  return (
    applicationStatusText[status as ApplicationStatus] ?? { label: applicationStatusInWords(status), tone: 'neutral' }
  );
}
