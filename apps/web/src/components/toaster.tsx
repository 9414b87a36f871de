import { lazy, Suspense, useSyncExternalStore } from 'react';
import { TOAST_DURATION_MS, toastRegion } from '../lib/toast';

const SonnerToaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/** One toast region for the whole app: top-right, 3000 ms (product.md §2, §9); loaded with the first toast. */
export function Toaster() {
  const wanted = useSyncExternalStore(toastRegion.subscribe, toastRegion.isWanted, toastRegion.isWanted);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster position="top-right" duration={TOAST_DURATION_MS} closeButton richColors />
    </Suspense>
  );
}
