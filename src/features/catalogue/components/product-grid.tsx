import type { ReactNode } from 'react';
import type { Product } from '@contract/catalogue';
import { cn } from '@/components/cn';
import { ProductCard } from '@/components/product-card';
import { ProductCardSkeleton } from '@/components/product-card-skeleton';
import { useMessages } from '@/i18n/react';
import { catalogueText } from '@/messages/catalogue';

/** Puts a control (e.g. the wishlist heart) on each card; routes pass it in, the catalogue knows nothing of it. */
export type CardAction = (product: Product) => ReactNode;

const GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4';
const WIDEST = { three: 'lg:grid-cols-3', four: 'lg:grid-cols-4', five: 'lg:grid-cols-5' } as const;
type Columns = keyof typeof WIDEST;

/** Cards of products in a grid; `columns` sets the widest layout. */
export function ProductGrid({
  products,
  cardAction,
  priorityCount = 0,
  columns = 'five',
  label,
}: {
  products: Product[];
  cardAction?: CardAction;
  /** How many leading cards are above the fold on a phone: their images load at once, the first one's first. */
  priorityCount?: number;
  columns?: Columns;
  label?: string;
}) {
  return (
    <ul aria-label={label} className={cn(GRID, WIDEST[columns])}>
      {products.map((product, i) => (
        <li key={product._id}>
          <ProductCard product={product} action={cardAction?.(product)} priority={i >= priorityCount ? undefined : i === 0 ? 'high' : 'low'} />
        </li>
      ))}
    </ul>
  );
}

export function ProductGridSkeleton({ count, columns = 'five', label }: { count: number; columns?: Columns; label?: string }) {
  const text = useMessages(catalogueText);
  return (
    <div role="status" aria-label={label ?? text.loadingProducts} className={cn(GRID, WIDEST[columns])}>
      {Array.from({ length: count }, (_, i) => (
        <ProductCardSkeleton key={i} />
      ))}
    </div>
  );
}
