import { toLocaleDigits } from '@contract/locale';
import { useLocale, useMessages } from '@/i18n/react';
import { shopText } from '@/messages/shop';
import { cn } from './cn';

/** Five 24-unit stars side by side, so each size is five times as wide as it is high. */
const SIZES = { sm: 'h-3.5 w-17.5', md: 'h-5 w-25', lg: 'h-6 w-30' } as const;

/** lucide's Star outline, moved `x` units to the right. */
function starPath(x: number): string {
  return (
    `M${11.525 + x} 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638` +
    `a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L${6.396 + x} 21.01` +
    `a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L${2.16 + x} 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z`
  );
}

const FIVE_STARS = [0, 1, 2, 3, 4].map((i) => starPath(i * 24)).join('');

/**
 * Five stars filled to the rating (partly filled for fractions), announced as one phrase: "Rated 4.3 out of 5".
 * Drawn as one path of grey stars under one of amber stars cut to the rating's width (a nested svg clips to its
 * own width): five elements per rating rather than thirty, which adds up over a page of product cards.
 */
export function Stars({ rating, size = 'sm', className }: { rating: number; size?: keyof typeof SIZES; className?: string }) {
  const shown = Math.round(Math.min(Math.max(rating, 0), 5) * 10) / 10;
  const text = useMessages(shopText);
  const locale = useLocale();
  return (
    <span role="img" aria-label={text.rated(toLocaleDigits(String(shown), locale))} className={cn('inline-flex items-center', className)}>
      <svg aria-hidden="true" viewBox="0 0 120 24" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" className={SIZES[size]}>
        <path d={FIVE_STARS} className="fill-gray-200 stroke-gray-300" />
        <svg width={`${Math.round(shown * 20)}%`} height="100%">
          <path d={FIVE_STARS} className="fill-amber-400 stroke-amber-500" />
        </svg>
      </svg>
    </span>
  );
}
