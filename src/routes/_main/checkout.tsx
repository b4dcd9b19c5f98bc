import { createFileRoute, useLocation } from '@tanstack/react-router';
import { Page } from '@/components/page';
import { lineKey } from '@/lib/cart';
import { formatTaka } from '@/lib/money';

export const Route = createFileRoute('/_main/checkout')({
  component: CheckoutRoute,
});

/** For now the screen shows what the cart or Buy Now handed over in navigation state. */
function CheckoutRoute() {
  const { cartItems, subtotal } = useLocation({ select: (location) => location.state });
  return (
    <Page title="Checkout">
      {cartItems && cartItems.length > 0 ? (
        <section aria-label="Items to check out" className="mt-4">
          <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200">
            {cartItems.map((item) => (
              <li key={lineKey(item)} className="flex justify-between gap-3 p-3">
                <span>
                  {item.productName} × {item.quantity}
                </span>
                <span className="font-semibold">{formatTaka(item.price * item.quantity)}</span>
              </li>
            ))}
          </ul>
          <p className="mt-3 flex justify-between gap-3 text-lg font-bold">
            <span>Subtotal</span>
            <span>{formatTaka(subtotal ?? 0)}</span>
          </p>
        </section>
      ) : (
        <p className="mt-4 text-gray-700">No item selected for checkout.</p>
      )}
    </Page>
  );
}
