import { useEffect } from 'react';
import { toast, Toaster } from 'sonner';
import { TOAST_DURATION_MS, toasterMounted } from '@/lib/notify';

/** Toasts sit top-center, 8 px apart, at most 350 px wide and at most 20 at a time. */
const MAX_TOASTS = 20;

export default function SonnerToaster() {
  // Sonner's toaster subscribes in its own effect, which runs before this one: toasts raised now are shown.
  useEffect(() => toasterMounted(toast), []);
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
