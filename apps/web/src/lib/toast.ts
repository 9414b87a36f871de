/** SPEC §2 and §9: toasts sit top-right, live 3000 ms, and errors are titled 'Error'. */
export const TOAST_DURATION_MS = 3000;
export const ERROR_TOAST_TITLE = 'Error';

/**
 * The toast library is loaded on first use (and by the Toaster after the first paint), so that it is not
 * part of the JavaScript every page waits for. A toast made before the Toaster subscribes is still shown:
 * sonner replays its active toasts to a new Toaster.
 */
const loadToast = () => import('sonner').then((module) => module.toast);

export function notifyError(message: string): void {
  void loadToast().then((toast) => toast.error(ERROR_TOAST_TITLE, { description: message }));
}

export function notifySuccess(message: string): void {
  void loadToast().then((toast) => toast.success(message));
}
