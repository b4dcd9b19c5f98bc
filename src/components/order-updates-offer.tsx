import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { offerAfterOrder } from '@/lib/order-updates';

/** The browser's permission and the remembered answer change only through the card, which closes itself. */
const unchanging = () => () => {};

const OrderUpdatesCard = lazy(() => import('./order-updates-card'));

/**
 * Offers order notifications on this device after an order: once per device, where the browser can show them.
 * Decided in the browser after rendering (the server knows neither), and the card's code and texts load only when it
 * is shown.
 */
export function OrderUpdatesOffer({ className }: { className?: string }) {
  const offered = useSyncExternalStore(
    unchanging,
    () => offerAfterOrder(),
    () => false,
  );
  const [closed, setClosed] = useState(false);
  if (!offered || closed) return null;
  return (
    <div className={className}>
      <Suspense fallback={null}>
        <OrderUpdatesCard onClose={() => setClosed(true)} />
      </Suspense>
    </div>
  );
}
