import { onlineManager } from '@tanstack/react-query';
import { WifiOff } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Alert } from '@/components/alert';
import { textsNow } from '@/i18n/messages';
import { useMessages } from '@/i18n/react';
import { useOnline } from '@/lib/online';
import { notify } from '@/lib/notify';
import { backOfficeText } from '@/messages/back-office';

/**
 * Back-office writes are never queued for later: one attempted offline is refused, said so, and nothing is sent.
 * `guard(write)` runs `write` only while online; `refused` is the message to show beside the form until the
 * connection is back.
 */
export function useWriteGuard() {
  const online = useOnline();
  const text = useMessages(backOfficeText);
  const [refusedOffline, setRefusedOffline] = useState(false);
  const guard = useCallback((write: () => void): boolean => {
    if (!onlineManager.isOnline()) {
      setRefusedOffline(true);
      notify.error(textsNow(backOfficeText).needsConnection, { id: 'needs-connection' });
      return false;
    }
    setRefusedOffline(false);
    write();
    return true;
  }, []);
  return { online, guard, refused: refusedOffline && !online ? text.needsConnection : undefined };
}

/** The refusal of a write made offline, where the write was attempted. */
export function OfflineWriteMessage({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="flex items-start gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <WifiOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {message}
    </p>
  );
}

/** Why a form's last write did not happen: refused offline (it needs a connection), or else the server's message. */
export function WriteProblem({ refused, error }: { refused: string | undefined; error: string | undefined }) {
  if (refused) return <OfflineWriteMessage message={refused} />;
  return error ? <Alert>{error}</Alert> : null;
}
