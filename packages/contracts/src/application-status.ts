import { ApplicationStatus } from './enum-values';

/**
 * The one place that words each applicationStatus for candidates: the portal's timeline and the status
 * e-mails both read these (plain words, not the employer's workflow names). A module of its own, so that
 * the portal bundles it with the applications page only, not with every page that reads the enums.
 */
export const applicationStatusWords: Record<ApplicationStatus, string> = {
  [ApplicationStatus.ApplicationPending]: 'Application received',
  [ApplicationStatus.Qualify]: 'Under review',
  [ApplicationStatus.ScheduleInterview]: 'Interview to be scheduled',
  [ApplicationStatus.Interviewed]: 'Interviewed',
  [ApplicationStatus.MakeOffer]: 'Offer',
  [ApplicationStatus.Hired]: 'Hired',
  [ApplicationStatus.Reject]: 'Not selected',
};

/** A value outside the enumeration (a newer service) still reads as something sensible. */
export function applicationStatusInWords(status: number): string {
  return applicationStatusWords[status as ApplicationStatus] ?? 'In progress';
}
