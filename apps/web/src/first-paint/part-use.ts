/*
 * What the page's inline script (pre-hydration.ts) and the parts hydrated on use (hydrate-on-use.tsx) agree
 * on, in a module of its own so that the inline script takes none of the app's code with it.
 */

/** Events that mean a part is being used: each starts its hydration (and, on a page started on use, the page's). */
export const USE_EVENTS = [
  'pointerover',
  'pointerdown',
  'focusin',
  'keydown',
  'click',
  'input',
  'change',
  'submit',
  'dragenter',
] as const;

/** The attribute on a part's element, as hydrate-on-use.tsx renders it. */
export const PART_ATTRIBUTE = 'data-hydrate-on-use';

/**
 * Set by the inline script on a part used before the page's scripts ran (a page started on its first use,
 * docs/decisions/0479): the part then starts its own hydration as the page hydrates, as if it were used then.
 */
export const USED_ATTRIBUTE = 'data-used';
