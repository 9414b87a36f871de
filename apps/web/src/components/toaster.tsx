import { lazy, Suspense, useSyncExternalStore, type CSSProperties } from 'react';
import { TOAST_DURATION_MS, toastRegion } from '../lib/toast';

const SonnerToaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/*
 * sonner's rich colours put its green and red text on their pale backgrounds below WCAG AA's 4.5:1 (the
 * toast's title, 4.4:1 and 4.0:1); the portal's own success and danger colours on their soft backgrounds
 * pass. Set on the toaster element, they win over sonner's stylesheet.
 */
const RICH_COLORS = {
  '--success-bg': 'var(--color-success-soft)',
  '--success-border': 'var(--color-success)',
  '--success-text': 'var(--color-success)',
  '--error-bg': 'var(--color-danger-soft)',
  '--error-border': 'var(--color-danger)',
  '--error-text': 'var(--color-danger)',
};

/** One toast region for the whole app: top-right, 3000 ms (product.md §2, §9); loaded with the first toast. */
export function Toaster() {
  const wanted = useSyncExternalStore(toastRegion.subscribe, toastRegion.isWanted, toastRegion.isWanted);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster
        position="top-right"
        duration={TOAST_DURATION_MS}
        closeButton
        richColors
        style={RICH_COLORS as CSSProperties}
      />
    </Suspense>
  );
}
