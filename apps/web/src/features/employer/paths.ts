import { paths } from '../../lib/paths';

/**
 * The employer console's pages (docs/decisions/0150), relative to /employer: the console's route table
 * (app/routes/employer/console.tsx) and every link and redirect to them build on these.
 */
export const employerRoutes = {
  login: 'login',
  signup: 'signup',
  forgotPassword: 'forgot-password',
  /** The welcome e-mail's link (decision 0250); the identity service writes it: {portal}/employer/welcome/{email}/{token}. */
  welcome: 'welcome/:email/*',
  /** An employer's reset link (decision 0290); the identity service writes it: {portal}/employer/reset/{email}/{token}. */
  reset: 'reset/:email/*',
  newJob: 'jobs/new',
  job: 'jobs/:jobId',
  /** The job's sharing, publishing and numbers (docs/decisions/0562): its second tab, the applications first. */
  jobPublishing: 'jobs/:jobId/publishing',
  editJob: 'jobs/:jobId/edit',
  application: 'applications/:applicationId',
  business: 'business',
  cvDrops: 'cv-drops',
  team: 'team',
  /** Candidates who agreed to be kept for other roles (docs/decisions/0442). */
  talentPool: 'talent-pool',
  /** The member's interview hours and calendar feed (issue 28). */
  interviews: 'interviews',
  /** The member's own e-mail choices (docs/decisions/0497). */
  notifications: 'notifications',
  /** The team invitation e-mail's link; the candidate service writes it: {portal}/employer/join/{id}/{token}. */
  join: 'join/:invitationId/:token',
} as const;

const under = (route: string) => `${paths.employer}/${route}`;

export const employerPaths = {
  jobs: paths.employer,
  login: under(employerRoutes.login),
  signup: under(employerRoutes.signup),
  forgotPassword: under(employerRoutes.forgotPassword),
  newJob: under(employerRoutes.newJob),
  business: under(employerRoutes.business),
  cvDrops: under(employerRoutes.cvDrops),
  team: under(employerRoutes.team),
  talentPool: under(employerRoutes.talentPool),
  interviews: under(employerRoutes.interviews),
  notifications: under(employerRoutes.notifications),
  join: (invitationId: string, token: string) =>
    under(`join/${encodeURIComponent(invitationId)}/${encodeURIComponent(token)}`),
  job: (jobId: string) => under(employerRoutes.job.replace(':jobId', () => encodeURIComponent(jobId))),
  jobPublishing: (jobId: string) =>
    under(employerRoutes.jobPublishing.replace(':jobId', () => encodeURIComponent(jobId))),
  editJob: (jobId: string) => under(employerRoutes.editJob.replace(':jobId', () => encodeURIComponent(jobId))),
  application: (applicationId: string) =>
    under(employerRoutes.application.replace(':applicationId', () => encodeURIComponent(applicationId))),
};
