import { Star } from 'lucide-react';
import { cn } from './cn';

const SIZES = { sm: 'size-3.5', md: 'size-5', lg: 'size-6' } as const;

/** How much of star `n` (1–5) a rating fills, from 0 to 1. */
export function starFill(rating: number, n: number): number {
  return Math.min(Math.max(rating - (n - 1), 0), 1);
}

/** Five stars filled to the rating (partly filled for fractions), announced as one phrase: "Rated 4.3 out of 5". */
export function Stars({ rating, size = 'sm', className }: { rating: number; size?: keyof typeof SIZES; className?: string }) {
  const shown = Math.round(Math.min(Math.max(rating, 0), 5) * 10) / 10;
  return (
    <span role="img" aria-label={`Rated ${shown} out of 5`} className={cn('inline-flex items-center', className)}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} aria-hidden="true" className="relative inline-flex">
          <Star className={cn(SIZES[size], 'fill-gray-200 text-gray-300')} />
          <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${starFill(shown, n) * 100}%` }}>
            <Star className={cn(SIZES[size], 'max-w-none fill-amber-400 text-amber-500')} />
          </span>
        </span>
      ))}
    </span>
  );
}
