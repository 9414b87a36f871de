/** react-query keys: each server answer is cached under one key, shared by startup and every page that shows it. */
export const queryKeys = {
  /** GET /candidate. */
  candidate: ['candidate'] as const,
  /** GET /cvs. */
  cvs: ['cvs'] as const,
  /** GET /cvs/{id}/preview (kept only while the dialog is open). */
  cvPreview: (cvId: string | null) => ['cv-preview', cvId] as const,
  /** Every job application and CV drop, grouped by CV. */
  cvUsage: ['cv-usage'] as const,
  jobApplicationsRoot: ['job-applications'] as const,
  jobApplications: (page: number) => ['job-applications', page] as const,
  /** GET /job-applications/{id}: one application's page. */
  jobApplication: (applicationId: string) => ['job-applications', 'one', applicationId] as const,
  cvDrops: (page: number) => ['cv-drops', page] as const,
  statusEmails: ['status-emails'] as const,
  /** GET /api/user/email-update. */
  pendingEmailChange: ['pending-email-change'] as const,
  /** GET /job/{id}; the root is kept when another user signs in on the apply page. */
  jobRoot: 'job',
  job: (jobId: string) => ['job', jobId] as const,
  startupRoot: ['startup'] as const,
  startup: (userId: string) => ['startup', userId] as const,
};
