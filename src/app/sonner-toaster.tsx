import { useEffect } from 'react';
import { toast, Toaster } from 'sonner';
import { useMessages } from '@/i18n/react';
import { TOAST_DURATION_MS, toasterMounted } from '@/lib/notify';
import { appText } from '@/messages/app';

/** Toasts sit top-center, 8 px apart, at most 350 px wide and at most 20 at a time. */
const MAX_TOASTS = 20;

export default function SonnerToaster() {
  const text = useMessages(appText);
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
      containerAriaLabel={text.notifications}
      style={{ maxWidth: 350 }}
      toastOptions={{ style: { maxWidth: 350 }, closeButtonAriaLabel: text.closeToast }}
    />
  );
}
