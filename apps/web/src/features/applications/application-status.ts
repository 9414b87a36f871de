import { ApplicationStatus } from '@careers/contracts/enums';
import type { BadgeTone } from '../../components/badge';

export interface ApplicationStatusText {
  /** What a candidate reads: plain words, not the employer's workflow names. */
  label: string;
  tone: BadgeTone;
}

/** The one place that words product.md §3's applicationStatus values for candidates. */
export const applicationStatusText: Record<ApplicationStatus, ApplicationStatusText> = {
  [ApplicationStatus.ApplicationPending]: { label: 'Application received', tone: 'neutral' },
  [ApplicationStatus.Qualify]: { label: 'Under review', tone: 'info' },
  [ApplicationStatus.ScheduleInterview]: { label: 'Interview to be scheduled', tone: 'info' },
  [ApplicationStatus.Interviewed]: { label: 'Interviewed', tone: 'info' },
  [ApplicationStatus.MakeOffer]: { label: 'Offer', tone: 'success' },
  [ApplicationStatus.Hired]: { label: 'Hired', tone: 'success' },
  [ApplicationStatus.Reject]: { label: 'Not selected', tone: 'danger' },
};

/** A value outside the enumeration (a newer service) still reads as something sensible. */
export function describeApplicationStatus(status: number): ApplicationStatusText {
  return applicationStatusText[status as ApplicationStatus] ?? { label: 'In progress', tone: 'neutral' };
}
