/** product.md §2 and §9: toasts sit top-right, live 3000 ms, and errors are titled 'Error'. */
export const TOAST_DURATION_MS = 3000;
export const ERROR_TOAST_TITLE = 'Error';

/*
 * The toast library is loaded with the first toast, so that no page waits for it: the Toaster mounts
 * once a toast is wanted (toastRegion), and a toast made before the Toaster subscribes is still shown,
 * because sonner replays its active toasts to a new Toaster.
 */
let toastWanted = false;
const regionListeners = new Set<() => void>();

export const toastRegion = {
  isWanted: () => toastWanted,
  subscribe(listener: () => void): () => void {
    regionListeners.add(listener);
    return () => regionListeners.delete(listener);
  },
};

const loadToast = () => {
  if (!toastWanted) {
    toastWanted = true;
    regionListeners.forEach((listener) => listener());
  }
  return import('sonner').then((module) => module.toast);
};

export function notifyError(message: string): void {
  void loadToast().then((toast) => toast.error(ERROR_TOAST_TITLE, { description: message }));
}

export function notifySuccess(message: string): void {
  void loadToast().then((toast) => toast.success(message));
}
