import { ApplicationStatus } from '@careers/contracts/enum-values';
import type { JobApplication } from '@careers/contracts/candidate';
import type { ApplicationStatusText } from './application-status';

/** The badge of a withdrawn application, whatever status the employer had given it. */
export const WITHDRAWN_STATUS: ApplicationStatusText = { label: 'Withdrawn', tone: 'neutral' };
/** The timeline's words for the withdrawal entry. */
export const WITHDRAWN_STEP = 'You withdrew your application';
export const WITHDRAWN_TOAST = 'Your application was withdrawn.';

/** Once hired or not selected, the employer has decided: there is nothing left to withdraw from (docs/decisions/0140). */
const FINAL: readonly number[] = [ApplicationStatus.Hired, ApplicationStatus.Reject];

export const isWithdrawn = (application: JobApplication): boolean => Boolean(application.withdrawnOn);

/** A closed job ends its applications itself (docs/decisions/0547): withdrawing from it would tell nobody anything. */
export const canWithdraw = (application: JobApplication): boolean =>
  !isWithdrawn(application) && !FINAL.includes(application.applicationStatus) && !application.jobClosed;
