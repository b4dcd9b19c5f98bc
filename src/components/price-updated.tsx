import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useMessages } from '@/i18n/react';
import { shopText } from '@/messages/shop';
import { cn } from './cn';

/**
 * Whether `price` changed while it was on screen: the saved copy was painted, then the server's answer replaced it
 * with another figure. A first figure, or the same one again, is no update.
 */
export function usePriceUpdated(price: number | undefined): boolean {
  const [shown, setShown] = useState(price);
  const [updated, setUpdated] = useState(false);
  if (price !== shown) {
    setShown(price);
    if (shown !== undefined && price !== undefined) setUpdated(true);
  }
  return updated;
}

/** Says, politely to a screen reader, that a figure on screen is not the one shown a moment ago. */
export function PriceUpdatedNote({ className }: { className?: string }) {
  const text = useMessages(shopText);
  return (
    <p role="status" className={cn('inline-flex items-center gap-1 rounded bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900', className)}>
      <RefreshCw aria-hidden="true" className="size-4 shrink-0" />
      {text.priceUpdated}
    </p>
  );
}
