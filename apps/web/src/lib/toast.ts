import { toast } from 'sonner';

/** SPEC §2 and §9: toasts sit top-right, live 3000 ms, and errors are titled 'Error'. */
export const TOAST_DURATION_MS = 3000;
export const ERROR_TOAST_TITLE = 'Error';

export function notifyError(message: string): void {
  toast.error(ERROR_TOAST_TITLE, { description: message });
}

export function notifySuccess(message: string): void {
  toast.success(message);
}
