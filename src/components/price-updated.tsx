import { lazy, Suspense, useState } from 'react';

// Shown only when a price changes on screen: its code comes then, not with every page that could show it.
const Note = lazy(() => import('./price-updated-note').then((module) => ({ default: module.PriceUpdatedNote })));

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
  return (
    <Suspense fallback={null}>
      <Note className={className} />
    </Suspense>
  );
}
