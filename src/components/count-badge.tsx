import { useFormat, useMessages } from '@/i18n/react';
import { shopText } from '@/messages/shop';
import { cn } from './cn';

/** How many filters are on, beside a Filter button's label; read as "3 active". Nothing when none is. */
export function CountBadge({ count, className }: { count: number; className?: string }) {
  const text = useMessages(shopText);
  const format = useFormat();
  if (count <= 0) return null;
  return (
    <span className={cn('inline-flex min-w-6 items-center justify-center rounded-full bg-brand-700 px-1.5 text-xs leading-6 font-bold text-white', className)}>
      {format.count(count)}
      <span className="sr-only">{text.activeCount}</span>
    </span>
  );
}
