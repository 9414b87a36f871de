/**
 * product.md §3 enumerations, with the numeric values that travel on the wire. No zod here: the portal's
 * first load reads these (docs/decisions/0220); enums.ts adds their schemas and re-exports them.
 */
export const JobType = { Permanent: 1, Contract: 2 } as const;
export type JobType = (typeof JobType)[keyof typeof JobType];

export const SalaryRateType = { Unclassified: 0, Hourly: 1, Daily: 2, Annual: 3 } as const;
export type SalaryRateType = (typeof SalaryRateType)[keyof typeof SalaryRateType];

/** Where the work is done (issue 12 item 4); a job's `remote` is true exactly when it is Remote. */
export const Workplace = { OnSite: 'OnSite', Hybrid: 'Hybrid', Remote: 'Remote' } as const;
export type Workplace = (typeof Workplace)[keyof typeof Workplace];

export const ApplicationStatus = {
  ApplicationPending: 0,
  Qualify: 10,
  ScheduleInterview: 20,
  Interviewed: 30,
  MakeOffer: 40,
  Hired: 50,
  Reject: 255,
} as const;
export type ApplicationStatus = (typeof ApplicationStatus)[keyof typeof ApplicationStatus];

/** product.md §4 "Application status order". */
export const applicationStatusOrder: readonly ApplicationStatus[] = [0, 10, 20, 30, 40, 50, 255];

/** Roles carried in the identity service's tokens (product.md §6). */
export const Role = {
  Candidate: 'Candidate',
  BusinessUser: 'BusinessUser',
  BusinessUserReferrer: 'BusinessUserReferrer',
} as const;
export type Role = (typeof Role)[keyof typeof Role];

/** The portals a password-reset request comes from (product.md §3; the candidate portal sends Business). */
export const PORTAL_TYPES = ['Business', 'Candidate'] as const;
export type PortalType = (typeof PORTAL_TYPES)[number];

export const CvParseStatus = {
  Pending: 'Pending',
  Parsed: 'Parsed',
  Failed: 'Failed',
  Unsupported: 'Unsupported',
} as const;
export type CvParseStatus = (typeof CvParseStatus)[keyof typeof CvParseStatus];
