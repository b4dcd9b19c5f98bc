import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireRole } from '@/lib/guards';

/**
 * The seller's products: the list, `new` and `{id}`, one route (see ProductsArea). The router plugin splits this
 * file's component into a stub that loads the product screens' chunk, shared with the other area, so the shopper's
 * route table lists only the stub.
 */
export const Route = createFileRoute('/seller/products/$')({
  beforeLoad: requireRole('seller'),
  component: lazyRouteComponent(() => import('@/features/back-office/pages/products/products-area'), 'SellerProducts'),
});
