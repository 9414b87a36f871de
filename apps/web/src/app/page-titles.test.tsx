import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { employerRoutes } from '../features/employer/paths';
import { authStore } from '../lib/auth-store';
import { paths } from '../lib/paths';
import { application, candidate, cv, page } from '../testing/candidate-fixtures';
import { fakeServices } from '../testing/fake-services';
import { renderPortal } from '../testing/render-portal';
import { routes } from './router';

/** Every path of a route table, children joined to their parents. */
function pathsOf(table: RouteObject[], parent = ''): string[] {
  return table.flatMap((route) => {
    const here = route.path ? (route.path.startsWith('/') ? route.path : `${parent}/${route.path}`) : parent;
    return [...(route.path ? [here] : []), ...pathsOf(route.children ?? [], here)];
  });
}

/** A real address for a route's pattern: each parameter an id, a splat two segments. */
const addressOf = (pattern: string) =>
  pattern
    .replace(/:[A-Za-z]+/g, (param) => (param === ':email' ? 'a%40b.test' : '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d'))
    .replace(/\*$/, 'tok/en')
    .replace(/\/\/+/g, '/');

const addresses = [
  ...new Set([
    ...pathsOf(routes).filter((p) => p !== `${paths.employer}/*`),
    ...Object.values(employerRoutes).map((route) => `${paths.employer}/${route}`),
  ]),
].map(addressOf);

afterEach(() => {
  cleanup();
  authStore.clear();
});

/** The heading the page shows once it has settled (the dashboard's startup panel is not a page). */
const settledHeading = () => {
  const h1 = screen.queryAllByRole('heading', { level: 1 }).at(-1);
  return h1 && h1.textContent !== 'Application Status' ? h1 : undefined;
};

describe("every page's title says what its h1 says (WCAG 2.4.2)", () => {
  it.each(addresses)('%s', { timeout: 15_000 }, async (address) => {
    // A signed-in candidate with one CV and one application; whatever else a page asks is not found.
    fakeServices((request) => {
      if (request.method !== 'GET') return undefined;
      if (request.url === '/candidate') return { status: 200, data: candidate };
      if (request.url === '/cvs') return { status: 200, data: { cvCount: 1, cvs: [cv(1)] } };
      if (request.url === '/job-applications') return { status: 200, data: page('applications', [application(1)]) };
      if (request.url === '/cv-drops') return { status: 200, data: page('cvDrops', []) };
      return undefined;
    });
    renderPortal(address);
    await waitFor(() => expect(settledHeading()).toBeDefined(), { timeout: 10_000 });
    await waitFor(() => {
      const heading = settledHeading()!.textContent!.trim();
      expect(document.title.startsWith(`${heading} · `), `${document.title} | h1: ${heading}`).toBe(true);
    });
  });
});
