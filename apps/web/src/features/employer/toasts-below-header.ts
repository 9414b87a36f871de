import { useEffect, type RefObject } from 'react';

/** The CSS variable employer.css places the toasts under: the console's header bar's height. */
export const HEADER_HEIGHT_VARIABLE = '--employer-bar-height';

/**
 * Keeps HEADER_HEIGHT_VARIABLE on the document at the height of the console's sticky header bar (it wraps
 * to two rows on phones), so that toasts open below it instead of over its Sign out button and menu.
 */
export function useToastsBelowHeader(header: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const bar = header.current;
    if (!bar) return;
    const root = document.documentElement;
    const measure = () => root.style.setProperty(HEADER_HEIGHT_VARIABLE, `${bar.getBoundingClientRect().height}px`);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(bar);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(HEADER_HEIGHT_VARIABLE);
    };
  }, [header]);
}
