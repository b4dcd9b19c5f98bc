import { PriceUpdatedNote } from '@/components/price-updated';
import { useFormat, useMessages } from '@/i18n/react';
import { checkoutText } from '@/messages/checkout';
import type { PriceChange } from '../lib/pricing';

/** What the server's prices changed since the shopper chose the lines: each line's price before and now. */
export function PriceChanges({ changes }: { changes: readonly PriceChange[] }) {
  const text = useMessages(checkoutText);
  const format = useFormat();
  return (
    <section aria-label={text.priceChanges} className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-gray-900">
      <PriceUpdatedNote />
      <ul className="mt-2 space-y-1">
        {changes.map((change) => (
          <li key={change.key}>{text.priceChange(change.productName, format.takaPrecise(change.before), format.takaPrecise(change.after))}</li>
        ))}
      </ul>
    </section>
  );
}
