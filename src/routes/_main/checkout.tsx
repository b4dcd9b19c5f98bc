import { createFileRoute, useLocation } from '@tanstack/react-router';
import { CheckoutPage } from '@/features/checkout/pages/checkout-page';

export const Route = createFileRoute('/_main/checkout')({
  component: CheckoutRoute,
});

/** The cart, Buy Now or Buy Again hand the lines over in navigation state, never in the URL. */
function CheckoutRoute() {
  const { cartItems, from } = useLocation({ select: (location) => location.state });
  return <CheckoutPage items={cartItems} from={from} />;
}
