import { Toaster as SonnerToaster } from 'sonner';
import { TOAST_DURATION_MS } from '../lib/toast';

/** One toast region for the whole app: top-right, 3000 ms (SPEC §2, §9). */
export function Toaster() {
  return <SonnerToaster position="top-right" duration={TOAST_DURATION_MS} closeButton richColors />;
}
