import { useQueryClient } from '@tanstack/react-query';
import { WifiOff } from 'lucide-react';
import { useMemo } from 'react';
import { OfflineNotice } from '@/components/offline-notice';
import { useFormat, useMessages } from '@/i18n/react';
import { offlineSearchText } from '@/messages/offline-search';
import { savedProducts, searchSavedProducts } from '../lib/offline-search';
import type { ListingSearch } from '../lib/listing-search';
import { ProductGrid, type CardAction } from './product-grid';

/** Matches shown at most: one long page, not the whole saved catalogue at once. */
const MAX_SHOWN = 40;

/**
 * The listing's search with no connection: the products the browser has saved that the search finds, by the server's
 * rules, under a line that says so. Loaded only then, so no other visit pays for it.
 */
export function OfflineSearchResults({ search, cardAction }: { search: ListingSearch; cardAction?: CardAction }) {
  const client = useQueryClient();
  const text = useMessages(offlineSearchText);
  const format = useFormat();
  const saved = useMemo(() => savedProducts(client), [client]);
  const matches = useMemo(() => searchSavedProducts(saved, search), [saved, search]);
  if (saved.length === 0) return <OfflineNotice />;
  const typed = search.search ?? '';
  const shown = matches.slice(0, MAX_SHOWN);
  return (
    <div>
      <div role="status" className="mb-4 flex items-start gap-2 rounded-md bg-gray-100 px-3 py-2 text-sm text-gray-800">
        <WifiOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <p className="min-w-0 break-words">
          <span className="font-semibold">
            {matches.length > 0
              ? text.savedMatches(shown.length, format.count(shown.length), format.count(saved.length), typed)
              : text.noSavedMatch(format.count(saved.length), typed)}
          </span>{' '}
          {text.wholeShopOnline}
        </p>
      </div>
      {shown.length > 0 && <ProductGrid products={shown} cardAction={cardAction} columns="three" priorityCount={2} label={text.savedProducts} />}
    </div>
  );
}
