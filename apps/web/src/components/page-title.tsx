import { useEffect } from 'react';

/** Every page's title ends with the portal's name (WCAG 2.4.2: a title that says which page this is). */
export const SITE_NAME = 'Careers Portal';

export function pageTitle(title: string): string {
  return `${title} · ${SITE_NAME}`;
}

// How many pages have been shown since the document loaded: the first is the browser's own page load.
let pagesShown = 0;

/**
 * A page reached by a link inside the portal (not the document's first page) takes the focus on its main
 * heading, as the apply page's steps do: otherwise the focus stays on the link that was removed with the
 * page before, falls to the body, and keyboard and screen-reader users lose their place. The heading is
 * made focusable by script only (tabindex -1), so it never joins the tab order.
 */
function focusPageHeading(): void {
  const main = document.getElementById('main-content');
  const heading = main?.querySelector<HTMLElement>('h1');
  const target = heading ?? main;
  if (!target) return;
  // Something in the new page already took the focus on purpose (a step's own heading, a dialog).
  if (main && document.activeElement !== document.body && main.contains(document.activeElement)) return;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}

/**
 * Sets the document's title while the page is shown. Not a <title> element: React 19 would hoist one into
 * the head, but the browser build runs Preact (apps/web/README.md), which leaves it in the body, where the
 * browser ignores it. The server-rendered apply page writes its title into the head itself (server/apply-page.ts).
 */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
  useEffect(() => {
    if (pagesShown++ > 0) focusPageHeading();
  }, []);
}

/** usePageTitle as an element, for the route components that only compose a feature: every route has one. */
export function PageTitle({ title }: { title: string }) {
  usePageTitle(title);
  return null;
}
