/**
 * The employer console's react-query keys (beside the candidate pages' lib/query-keys.ts, which the apply
 * page loads first: the console's keys load with the console).
 */
export const employerQueryKeys = {
  /** GET /business. */
  business: ['employer', 'business'] as const,
  /** Every GET /business/jobs… answer: a saved job refreshes them all. */
  jobsRoot: ['employer', 'jobs'] as const,
  jobs: (page: number) => ['employer', 'jobs', 'page', page] as const,
  job: (jobId: string) => ['employer', 'jobs', 'one', jobId] as const,
  jobStats: (jobId: string) => ['employer', 'jobs', 'stats', jobId] as const,
  /** Every GET of applications: a moved application refreshes them all. */
  applicationsRoot: ['employer', 'applications'] as const,
  jobApplications: (jobId: string, query: unknown) => ['employer', 'applications', 'job', jobId, query] as const,
  application: (applicationId: string) => ['employer', 'applications', 'one', applicationId] as const,
  cvPreview: (cvId: string | null) => ['employer', 'cv-preview', cvId] as const,
  cvDrops: (page: number) => ['employer', 'cv-drops', page] as const,
  /** GET /business/membership: the caller's role. */
  membership: ['employer', 'membership'] as const,
  /** GET /business/team (owners). */
  team: ['employer', 'team'] as const,
  /** GET /business/removal: the business that removed the caller, for one in no business. */
  removal: ['employer', 'removal'] as const,
  /** GET /business/invitations: invitations open to the caller's address. */
  myInvitations: ['employer', 'my-invitations'] as const,
  /** GET /business/first-steps: the new business's checklist. */
  firstSteps: ['employer', 'first-steps'] as const,
};
