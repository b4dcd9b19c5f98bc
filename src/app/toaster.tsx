import { Toaster } from 'sonner';
import { TOAST_DURATION_MS } from '@/lib/notify';

/** Toasts as the specification sets them: top-center, gutter 8, at most 350 px wide, at most 20. */
export const MAX_TOASTS = 20;

export function AppToaster() {
  return (
    <Toaster
      position="top-center"
      gap={8}
      visibleToasts={MAX_TOASTS}
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
      style={{ maxWidth: 350 }}
      toastOptions={{ style: { maxWidth: 350 } }}
    />
  );
}
