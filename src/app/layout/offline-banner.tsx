import { WifiOff } from 'lucide-react';
import { useMessages } from '@/i18n/react';
import { useOnline } from '@/lib/online';
import { appText } from '@/messages/app';

/**
 * A thin strip in the page's flow (it covers neither the navigation bar nor the product page's bottom bar) while
 * there is no connection. The status region itself is always there, so screen readers announce the change.
 */
export function OfflineBanner() {
  const online = useOnline();
  const text = useMessages(appText);
  return (
    <div role="status">
      {!online && (
        <p className="flex items-center justify-center gap-2 bg-gray-800 px-4 py-2 text-center text-sm font-medium text-white">
          <WifiOff aria-hidden="true" className="size-4 shrink-0" />
          {text.offline}
        </p>
      )}
    </div>
  );
}
