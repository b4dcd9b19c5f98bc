import { RefreshCw } from 'lucide-react';
import { useMessages } from '@/i18n/react';
import { shopText } from '@/messages/shop';
import { cn } from './cn';

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
