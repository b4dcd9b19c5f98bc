import { createFileRoute } from '@tanstack/react-router';
import { CartPage } from '@/features/cart/pages/cart-page';

export const Route = createFileRoute('/_main/cart')({
  component: CartPage,
});
