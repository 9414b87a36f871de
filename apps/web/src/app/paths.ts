/**
 * The portal server uses isPortalRoute to answer unknown paths with 404 (the not-found page still renders
 * from index.html); the routes themselves are lib/paths.ts.
 */
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
