/**
 * Every route of product.md §2, written once: the router builds on these, and so do the pages and the
 * shared code that link or send to a route (return-url.ts: the login address and the account pages a
 * returnUrl may not lead to). app/paths.ts holds the portal server's matcher of the same routes.
 */
export const paths = {
  home: '/',
  dashboard: '/dashboard',
  account: '/account',
  login: '/account/login',
  requestPasswordReset: '/account/request-password-reset',
  signup: '/account/signup',
  performPasswordReset: '/account/reset/:email/*',
  confirmEmail: '/confirm/:userId/*',
  /** Not in product.md §2: the link e-mailed to the old address after an e-mail change (issue 8). */
  undoEmailChange: '/account/undo-email-change/:token',
  apply: '/apply/:jobId',
  /** Not in product.md §2: a business's careers page and every open job (issue 27, docs/decisions/0370, 0372), public. */
  careers: '/careers/:slug',
  jobs: '/jobs',
  profile: '/profile',
  cvs: '/cvs',
  applications: '/applications',
  /** Not in product.md §2: one application's page (issue 28): its status, timeline and the sections other features add. */
  application: '/applications/:applicationId',
  cvDrops: '/cv-drops',
  contactUs: '/contact-us',
  userAccount: '/user-account',
  /** Not in product.md §2: the pages the terms notice names (issue 12 item 13), public. */
  terms: '/terms',
  privacy: '/privacy',
  /** Not in product.md §2: the status e-mails' unsubscribe link (issue 12 item 14), public. */
  unsubscribe: '/unsubscribe',
  /** Not in product.md §2: the job alert e-mails' confirm and unsubscribe links (issue 27 item 5), public. */
  jobAlertConfirm: '/job-alerts/confirm',
  jobAlertUnsubscribe: '/job-alerts/unsubscribe',
  /** Not in product.md §2: the employer console (issue 14, docs/decisions/0150); its pages are routed inside its own chunk. */
  employer: '/employer',
} as const;

/** /apply/{jobId}: the apply page of one job. */
export function applyPath(jobId: string): string {
  return paths.apply.replace(':jobId', () => encodeURIComponent(jobId));
}

/** /applications/{applicationId}: one of the candidate's applications. */
export function applicationPath(applicationId: string): string {
  return paths.application.replace(':applicationId', () => encodeURIComponent(applicationId));
}

/** /careers/{slug}: a business's careers page. */
export function careersPath(slug: string): string {
  return paths.careers.replace(':slug', () => encodeURIComponent(slug));
}

/** The query marking the sign-up page as completing a sign-up that stopped before the candidate record (issue 12 item 7). */
export const COMPLETE_SIGNUP_PARAM = 'complete';

export function signupCompletionPath(): string {
  return `${paths.signup}?${COMPLETE_SIGNUP_PARAM}=1`;
}
