import { useEffect, useLayoutEffect } from 'react';

/** Every page's title ends with the portal's name (WCAG 2.4.2: a title that says which page this is). */
export const SITE_NAME = 'Careers Portal';

export function pageTitle(title: string): string {
  return `${title} · ${SITE_NAME}`;
}

// How many pages have been shown since the document loaded: the first is the browser's own page load.
let pagesShown = 0;

/**
 * Sets the document's title while the page is shown. Not a <title> element: React 19 would hoist one into
 * the head, but the browser build runs Preact (apps/web/README.md), which leaves it in the body, where the
 * browser ignores it. The server-rendered apply page writes its title into the head itself (server/apply-page.ts).
 */
export function usePageTitle(title: string): void {
  // Set as the page is committed, before the browser paints it: with an effect, a new page's heading could
  // show (and be read, by a person or a test) under the previous page's title for a frame.
  useLayoutEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
  // A page reached by a link or redirect inside the portal takes the focus on its heading (decision 0265);
  // loaded then, the code stays out of the landing pages' first JavaScript.
  useEffect(() => {
    if (pagesShown++ > 0) void import('./focus-page-heading').then((module) => module.focusPageHeading());
  }, []);
}

/** usePageTitle as an element, for the route components that only compose a feature: every route has one. */
export function PageTitle({ title }: { title: string }) {
  usePageTitle(title);
  return null;
}
