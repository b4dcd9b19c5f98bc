import type { ExternalToast, toast as sonnerToast } from 'sonner';

type Toast = typeof sonnerToast;

/** How long toasts stay: 4000 ms for blank, error and custom toasts, 2000 ms for success; loading never expires. */
export const TOAST_DURATION_MS = 4000;
export const SUCCESS_TOAST_DURATION_MS = 2000;

/**
 * Sonner is not part of a first visit: the toaster is loaded when the first toast is raised, and
 * toasts wait until it is on screen, so its live region exists before anything is announced in it.
 */
let toasterReady: Promise<Toast> | null = null;
let resolveToaster: ((toast: Toast) => void) | null = null;
let toasterWanted = false;
const demandListeners = new Set<() => void>();

/** What the app's toaster slot watches: whether any toast has been asked for yet. */
export const toasterDemand = {
  subscribe(listener: () => void): () => void {
    demandListeners.add(listener);
    return () => demandListeners.delete(listener);
  },
  wanted: (): boolean => toasterWanted,
};

/** The toaster reports it is mounted, with sonner's toast function; waiting toasts are shown. */
export function toasterMounted(toast: Toast): void {
  resolveToaster?.(toast);
}

function withToast(show: (toast: Toast) => void): void {
  toasterReady ??= new Promise<Toast>((resolve) => {
    resolveToaster = resolve;
    toasterWanted = true;
    demandListeners.forEach((listener) => listener());
  });
  void toasterReady.then(show);
}

/**
 * The one way screens raise toasts, so every kind keeps the specified duration. A toast raised with the `id` of one
 * still on screen replaces it: the outcomes of one action share an id, so each event shows one toast.
 */
export const notify = {
  message: (text: string, options?: ExternalToast) => withToast((toast) => toast(text, { duration: TOAST_DURATION_MS, ...options })),
  success: (text: string, options?: ExternalToast) => withToast((toast) => toast.success(text, { duration: SUCCESS_TOAST_DURATION_MS, ...options })),
  error: (text: string, options?: ExternalToast) => withToast((toast) => toast.error(text, { duration: TOAST_DURATION_MS, ...options })),
  loading: (text: string, options?: ExternalToast) => withToast((toast) => toast.loading(text, { duration: Infinity, ...options })),
  /** Before the first toast there is nothing to dismiss, and no reason to load the toaster. */
  dismiss: (id?: string | number) => void toasterReady?.then((toast) => toast.dismiss(id)),
};
