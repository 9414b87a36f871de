/**
 * Every route of product.md §2. The router builds on these, and the portal server uses isPortalRoute to answer
 * unknown paths with 404 (the not-found page still renders from index.html).
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
  profile: '/profile',
  cvs: '/cvs',
  applications: '/applications',
  cvDrops: '/cv-drops',
  contactUs: '/contact-us',
  userAccount: '/user-account',
  /** Not in product.md §2: the pages the terms notice names (issue 12 item 13), public. */
  terms: '/terms',
  privacy: '/privacy',
  /** Not in product.md §2: the status e-mails' unsubscribe link (issue 12 item 14), public. */
  unsubscribe: '/unsubscribe',
  /** Not in product.md §2: the employer console (issue 14, docs/decisions/0150); its pages are routed inside its own chunk. */
  employer: '/employer',
} as const;

/** /apply/{jobId}: the apply page of one job. */
export function applyPath(jobId: string): string {
  return paths.apply.replace(':jobId', encodeURIComponent(jobId));
}

/** The query marking the sign-up page as completing a sign-up that stopped before the candidate record (issue 12 item 7). */
export const COMPLETE_SIGNUP_PARAM = 'complete';

export function signupCompletionPath(): string {
  return `${paths.signup}?${COMPLETE_SIGNUP_PARAM}=1`;
}

const patterns: RegExp[] = [
  /^\/$/,
  /^\/dashboard$/,
  /^\/account$/,
  /^\/account\/login$/,
  /^\/account\/request-password-reset$/,
  /^\/account\/signup$/,
  /^\/account\/reset\/[^/]+\/.+$/,
  /^\/account\/undo-email-change\/[^/]+$/,
  /^\/confirm\/[^/]+\/.+$/,
  /^\/apply\/[^/]+$/,
  /^\/(profile|cvs|applications|cv-drops|contact-us|user-account)$/,
  /^\/(terms|privacy|unsubscribe)$/,
  /^\/employer(\/(login|signup|forgot-password|business|cv-drops|jobs\/new))?$/,
  /^\/employer\/jobs\/[^/]+(\/edit)?$/,
  /^\/employer\/applications\/[^/]+$/,
];

/** True when a path (without query) matches one of product.md §2's routes; a trailing slash is tolerated. */
export function isPortalRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return patterns.some((pattern) => pattern.test(path));
}
