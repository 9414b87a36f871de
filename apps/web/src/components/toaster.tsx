import { lazy, Suspense } from 'react';
import { TOAST_DURATION_MS } from '../lib/toast';

// Loaded apart from the first paint: nothing toasts before a page has called a service.
const SonnerToaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/** One toast region for the whole app: top-right, 3000 ms (SPEC §2, §9). */
export function Toaster() {
  return (
    <Suspense fallback={null}>
      <SonnerToaster position="top-right" duration={TOAST_DURATION_MS} closeButton richColors />
    </Suspense>
  );
}
