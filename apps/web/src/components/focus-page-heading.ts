/**
 * A page reached by a link inside the portal (not the document's first page) takes the focus on its main
 * heading, as the apply page's steps do: otherwise the focus stays on the link that was removed with the
 * page before, falls to the body, and keyboard and screen-reader users lose their place. The heading is
 * made focusable by script only (tabindex -1), so it never joins the tab order.
 */
export function focusPageHeading(): void {
  const main = document.getElementById('main-content');
  const heading = main?.querySelector<HTMLElement>('h1');
  const target = heading ?? main;
  if (!target) return;
  // Something in the new page already took the focus on purpose (a step's own heading, a dialog).
  if (main && document.activeElement !== document.body && main.contains(document.activeElement)) return;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}
