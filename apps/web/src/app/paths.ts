import { matchPath } from 'react-router';
import { employerRoutes } from '../features/employer/paths';
import { paths } from '../lib/paths';

/**
 * The portal server uses isPortalRoute to answer unknown paths with 404 (the not-found page still renders
 * from index.html). It matches the route table itself: lib/paths.ts and the employer console's routes.
 */
const routes: string[] = [
  ...Object.values(paths),
  ...Object.values(employerRoutes).map((route) => `${paths.employer}/${route}`),
];

/** True when a path (without query) is at this route (lib/paths.ts); a trailing slash is tolerated. */
export function matchesRoute(route: string, pathname: string): boolean {
  const match = matchPath({ path: route, caseSensitive: true, end: true }, pathname);
  // A route ending in /* (the reset and confirm links) needs something after its last parameter.
  return match !== null && (!route.endsWith('/*') || Boolean(match.params['*']));
}

/** True when a path (without query) matches one of product.md §2's routes. */
export function isPortalRoute(pathname: string): boolean {
  return routes.some((route) => matchesRoute(route, pathname));
}
