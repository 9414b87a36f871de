import { lazy, Suspense, useSyncExternalStore } from 'react';
import { TOAST_DURATION_MS, toastRegion } from '../lib/toast';

const SonnerToaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/**
 * Top-right, but below the top bar: a toast over the bar hid its menu and Log out, and the page's own first
 * action, for its whole life.
 */
const TOAST_OFFSET = { top: 'calc(var(--top-bar-height) + 0.75rem)' };
const TOAST_MOBILE_OFFSET = { top: 'calc(var(--top-bar-height) + 0.5rem)' };

/** One toast region for the whole app: top-right, 3000 ms (product.md §2, §9); loaded with the first toast. */
export function Toaster() {
  const wanted = useSyncExternalStore(toastRegion.subscribe, toastRegion.isWanted, toastRegion.isWanted);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster
        position="top-right"
        offset={TOAST_OFFSET}
        mobileOffset={TOAST_MOBILE_OFFSET}
        duration={TOAST_DURATION_MS}
        closeButton
        richColors
      />
    </Suspense>
  );
}
