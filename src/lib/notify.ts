import { toast, type ExternalToast } from 'sonner';

/** Durations fixed by the specification: 4000 ms for blank, error and custom toasts, 2000 ms for success, loading never expires. */
export const TOAST_DURATION_MS = 4000;
export const SUCCESS_TOAST_DURATION_MS = 2000;

/** The one way screens raise toasts, so every kind keeps the specified duration. */
export const notify = {
  message: (text: string, options?: ExternalToast) => toast(text, { duration: TOAST_DURATION_MS, ...options }),
  success: (text: string, options?: ExternalToast) => toast.success(text, { duration: SUCCESS_TOAST_DURATION_MS, ...options }),
  error: (text: string, options?: ExternalToast) => toast.error(text, { duration: TOAST_DURATION_MS, ...options }),
  loading: (text: string, options?: ExternalToast) => toast.loading(text, { duration: Infinity, ...options }),
  dismiss: (id?: string | number) => toast.dismiss(id),
};
