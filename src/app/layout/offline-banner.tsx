import { WifiOff } from 'lucide-react';
import { useOnline } from '@/lib/online';

const OFFLINE_BANNER_TEXT = 'You are offline — showing what you saw last';

/**
 * A thin strip in the page's flow (it covers neither the navigation bar nor the product page's bottom bar) while
 * there is no connection. The status region itself is always there, so screen readers announce the change.
 */
export function OfflineBanner() {
  const online = useOnline();
  return (
    <div role="status">
      {!online && (
        <p className="flex items-center justify-center gap-2 bg-gray-800 px-4 py-2 text-center text-sm font-medium text-white">
          <WifiOff aria-hidden="true" className="size-4 shrink-0" />
          {OFFLINE_BANNER_TEXT}
        </p>
      )}
    </div>
  );
}
